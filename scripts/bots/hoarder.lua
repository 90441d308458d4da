-- hoarder: the ladder's planner in Lua (bots.Planner's hoarding). It opens
-- as soon as it can, then draws rather than play while the end is far,
-- unless it can go out: its rack grows while the table does, so that it
-- places everything in one move, and the tiles it holds are tiles the
-- others cannot build on. The end nears when an opponent holds 1 tile or
-- the pool 5 or fewer; then it plays the most tiles, or, as many
-- tiles left for fewer points left, the play placing the most points (a
-- joker left costs the variant's penalty).
local meld = require("meld")

local function solve(view, objective)
  return meld.solve{table = view.table, rack = view.rack, opened = view.opened[view.player],
                    locked = view.locked, variant = view.rules, objective = objective}
end

local function endNears(view)
  if view.pool <= 5 then return true end
  for p, n in ipairs(view.racks) do
    if p ~= view.player and n <= 1 then return true end
  end
  return false
end

-- left is the rack's tiles less the placed ones, as a list.
local function left(rack, placed)
  local gone, out = {}, {}
  for t in placed:gmatch("%S+") do gone[t] = (gone[t] or 0) + 1 end
  for t in rack:gmatch("%S+") do
    if (gone[t] or 0) > 0 then gone[t] = gone[t] - 1 else out[#out + 1] = t end
  end
  return out
end

-- cost is what tiles would cost on the rack at the round's end.
local function cost(view, tiles)
  local sum = 0
  for _, t in ipairs(tiles) do
    if t == "J" then sum = sum + view.rules.joker.penalty
    else sum = sum + tonumber(t:sub(2)) end
  end
  return sum
end

local function act(view)
  local after, placed = solve(view, "tiles")
  if not after then return "draw" end
  if placed == view.rack then return after end                     -- out in one move
  if view.opened[view.player] and not endNears(view) then return "draw" end -- hoard
  local other, placedP = solve(view, "points")
  if other and #left(view.rack, placedP) <= #left(view.rack, placed)
      and cost(view, left(view.rack, placedP)) < cost(view, left(view.rack, placed)) then
    return other
  end
  return after
end

return {name = "hoarder", act = act}
