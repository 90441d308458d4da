-- Only the winner scores: the losers keep 0, the winners keep what the
-- round gave them (the losers' totals, split as the original splits them).
function score_round(view, scores)
  local out = {}
  for i, s in ipairs(scores) do
    out[i] = math.max(s, 0)
  end
  return out
end
