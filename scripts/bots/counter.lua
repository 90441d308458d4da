-- counter: a bot that counts what it cannot see. Each turn it asks the
-- solver for the play placing the most tiles, and
--   * goes out whenever it can;
--   * when the end nears (an opponent with 3 tiles or fewer, or a pool of
--     10 or fewer) sheds points instead: the play placing the most points,
--     since what is left on its rack is what it pays;
--   * sheds points too when it holds a dead tile worth 10 or more: a tile
--     no unseen tile and no other rack tile could ever join in a new set
--     (view.unseen counts the tiles on the other racks and in the pool), so
--     it can only go onto the table's sets, and is better gone early;
--   * otherwise holds its jokers back while it can play without them.
local meld = require("meld")

local function solve(view, rack, objective)
  if rack == "" then return nil end
  return meld.solve{table = view.table, rack = rack, opened = view.opened[view.player],
                    locked = view.locked, variant = view.rules, objective = objective}
end

-- counts of each tile in a notation string: counts["r7"] = 2
local function counts(text)
  local c = {}
  for t in text:gmatch("%S+") do c[t] = (c[t] or 0) + 1 end
  return c
end

-- a tile is live when some numbered tile that could sit beside it in a set
-- is unseen or on the rack: the same number in another colour, or the same
-- colour one or two away (a joker alone never makes a set with it).
local function live(tile, unseen, rack)
  local colour, n = tile:sub(1, 1), tonumber(tile:sub(2))
  local function have(t)
    return (unseen[t] or 0) > 0 or (rack[t] or 0) > 0
  end
  for _, c in ipairs({"k", "r", "b", "o"}) do
    if c ~= colour and have(c .. n) then return true end
  end
  for _, d in ipairs({-2, -1, 1, 2}) do
    local m = n + d
    if m >= 1 and m <= 13 and have(colour .. m) then return true end
  end
  return false
end

local function deadWeight(view)
  local unseen, rack = counts(view.unseen), counts(view.rack)
  for t in view.rack:gmatch("%S+") do
    if t ~= "J" and tonumber(t:sub(2)) >= 10 and not live(t, unseen, rack) then return true end
  end
  return false
end

local function endNears(view)
  if view.pool <= 10 then return true end
  for p, n in ipairs(view.racks) do
    if p ~= view.player and n <= 3 then return true end
  end
  return false
end

local function act(view)
  local after, placed = solve(view, view.rack)
  if not after then return "draw" end
  if placed == view.rack then return after end -- out
  if view.opened[view.player] and (endNears(view) or deadWeight(view)) then
    return solve(view, view.rack, "points") or after
  end
  if placed:find("J") then
    local other = solve(view, (view.rack:gsub("%s*J", "")))
    if other then return other end
  end
  return after
end

return {name = "counter", act = act}
