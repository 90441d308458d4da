-- League scoring: a win is params.win; a loss is the rack's total, capped
-- at params.cap; a loser who opened gains params.opened back.

-- rack_total counts a rack as the variant does: its numbers, a joker its
-- penalty.
local function rack_total(rack, joker)
  local total = 0
  for _, t in ipairs(rack) do
    if t:sub(1, 1) == "J" then
      total = total + joker
    else
      total = total + tonumber(t:sub(2))
    end
  end
  return total
end

function score_round(view, scores)
  local winner = {}
  for _, w in ipairs(view.winners) do winner[w] = true end
  local out = {}
  for i, rack in ipairs(view.rack_tiles) do
    if winner[i] then
      out[i] = view.params.win
    else
      out[i] = -math.min(rack_total(rack, view.rules.joker.penalty), view.params.cap)
      if view.opened[i] then out[i] = out[i] + view.params.opened end
    end
  end
  return out
end
