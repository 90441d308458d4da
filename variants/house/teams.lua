-- Two against two: seats 1 and 3 are partners, and 2 and 4. A team scores
-- what its partners scored between them, and each partner is credited the
-- team's score, so partners' totals stay equal and the match is the
-- team's. (The round's own scores already sum to 0: so do the teams'.)
function score_round(view, scores)
  local out = {}
  for i = 1, #scores do
    local partner = (i + 1) % 4 + 1 -- 1 and 3, 2 and 4
    out[i] = scores[i] + scores[partner]
  end
  return out
end
