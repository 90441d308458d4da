-- Hooks for house/joker-grows: a set that holds a joker may only grow.
--
-- check_play gets the table before the turn in view.table and the table
-- the play would leave in after, each a list of sets, each a list of tiles
-- in notation ("r7", "J"). A set with a joker before the turn must lie
-- whole in one set after it: every tile of it there, the joker too.

local function holds_joker(set)
  for _, tile in ipairs(set) do
    if tile == "J" then
      return true
    end
  end
  return false
end

-- contains reports whether set a holds every tile of set b (copies counted).
local function contains(a, b)
  local left = {}
  for _, tile in ipairs(a) do
    left[tile] = (left[tile] or 0) + 1
  end
  for _, tile in ipairs(b) do
    if (left[tile] or 0) == 0 then
      return false
    end
    left[tile] = left[tile] - 1
  end
  return true
end

function check_play(view, after, placed)
  for _, before in ipairs(view.table) do
    if holds_joker(before) then
      local whole = false
      for _, set in ipairs(after) do
        -- only a set as long that holds a joker can hold it: a cheap test
        -- first, as the players' search asks this of many plays a turn
        if #set >= #before and holds_joker(set) and contains(set, before) then
          whole = true
          break
        end
      end
      if not whole then
        return false, "house rule: a set with a joker may only grow, and "
          .. table.concat(before, " ") .. " was taken apart"
      end
    end
  end
  return true
end
