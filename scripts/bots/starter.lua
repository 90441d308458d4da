-- starter: a bot that plays as a beginner does. It looks only at its own
-- rack for new sets (runs, then groups), makes its initial meld when they
-- are worth enough, and once opened also lays single tiles on the table's
-- sets where they fit at once. It never rearranges and keeps its jokers.
local meld = require("meld")

-- tiles splits a rack into its numbered tiles {text, colour, number}.
local function tiles(rack)
  local out = {}
  for text in rack:gmatch("%S+") do
    local c, n = text:match("^(%a)(%d+)$")
    if c then out[#out + 1] = {text = text, c = c, n = tonumber(n)} end
  end
  return out
end

-- takeRuns finds runs of 3 or more consecutive numbers of one colour among
-- the free tiles, marking the tiles it uses.
local function takeRuns(ts, used, sets)
  for _, c in ipairs({"k", "r", "b", "o"}) do
    local at = {}
    for i, t in ipairs(ts) do
      if t.c == c and not used[i] and not at[t.n] then at[t.n] = i end
    end
    local n = 1
    while n <= 13 do
      local m = n
      while at[m] do m = m + 1 end
      if m - n >= 3 then
        local set = {}
        for k = n, m - 1 do
          used[at[k]] = true
          set[#set + 1] = ts[at[k]].text
        end
        sets[#sets + 1] = "[" .. table.concat(set, " ") .. "]"
      end
      n = m + 1
    end
  end
end

-- takeGroups finds groups of 3 or 4 colours of one number among the free tiles.
local function takeGroups(ts, used, sets)
  for n = 1, 13 do
    local set, seen = {}, {}
    for i, t in ipairs(ts) do
      if t.n == n and not used[i] and not seen[t.c] then
        seen[t.c] = i
        set[#set + 1] = t.text
      end
    end
    if #set >= 3 then
      for _, i in pairs(seen) do used[i] = true end
      sets[#sets + 1] = "[" .. table.concat(set, " ") .. "]"
    end
  end
end

-- newSets is the best of runs-then-groups and groups-then-runs, by value.
local function newSets(ts)
  local best, bestValue, bestUsed = {}, 0, {}
  for _, order in ipairs({{takeRuns, takeGroups}, {takeGroups, takeRuns}}) do
    local used, sets = {}, {}
    order[1](ts, used, sets)
    order[2](ts, used, sets)
    local value = #sets > 0 and meld.value(table.concat(sets, " ")) or 0
    if value > bestValue then best, bestValue, bestUsed = sets, value, used end
  end
  return best, bestValue, bestUsed
end

local function act(view)
  local ts = tiles(view.rack)
  local sets, value, used = newSets(ts)
  local opened = view.opened[view.player]
  if not opened and value < view.rules.opening.points then
    return "draw"
  end
  local on = {}
  for set in view.table:gmatch("%[[^%]]*%]") do on[#on + 1] = set end
  local placed = #sets
  -- Once opened and free to change the table, fit single tiles onto it.
  if opened and not view.locked then
    for i, t in ipairs(ts) do
      if not used[i] then
        for k, set in ipairs(on) do
          for _, try in ipairs({"[" .. t.text .. " " .. set:sub(2), set:sub(1, -2) .. " " .. t.text .. "]"}) do
            if not used[i] and meld.check(try, view.rules) then
              on[k], used[i], placed = try, true, placed + 1
            end
          end
        end
      end
    end
  end
  if placed == 0 then return "draw" end
  for _, s in ipairs(sets) do on[#on + 1] = s end
  return table.concat(on, " ")
end

return {name = "starter", act = act}
