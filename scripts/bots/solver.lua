-- solver: a bot that asks the solver for the play placing the most tiles,
-- rearranging the table as it likes, but holds its jokers back while it can
-- still play without them, unless they let it go out.
local meld = require("meld")

local function best(view, rack)
  if rack == "" then return nil end
  return meld.solve{table = view.table, rack = rack, opened = view.opened[view.player],
                    locked = view.locked, variant = view.rules}
end

local function act(view)
  local after, placed = best(view, view.rack)
  if not after then return "draw" end
  if placed ~= view.rack and placed:find("J") then
    local without = view.rack:gsub("%s*J", "")
    local other = best(view, without)
    if other then return other end
  end
  return after
end

return {name = "solver", act = act}
