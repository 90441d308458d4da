-- Every hook, each doing something a test can see.

-- deal: in round 2, seat 1 gets the jokers.
function deal(view)
  if view.round ~= 2 then
    return nil
  end
  return {{"J", "J", "r1"}, {"k13", "o7"}}
end

-- first_player: the last seat, or a seeded random one in round 2.
function first_player(view)
  if view.round == 2 then
    return math.random(#view.racks)
  end
  return #view.racks
end

-- check_play: no black 13s, and the table may hold at most three sets.
function check_play(view, after, placed)
  for _, tile in ipairs(placed) do
    if tile == "k13" then
      return false, "no black 13s in this house"
    end
  end
  if #after > 3 then
    return false, "at most 3 sets on the table, found " .. #after
  end
  return true
end

-- score_round: the winner of round 3 scores double, paid by everyone.
function score_round(view, scores)
  if view.round ~= 3 then
    return nil
  end
  local out, w = {}, view.winner
  for i, s in ipairs(scores) do
    out[i] = s * 2
  end
  return out
end

-- on_turn_end: tell the game's writer.
function on_turn_end(view)
  print(string.format("round %d turn %d: seat %d of %d, pool %d, rules say %d to open",
    view.round, view.turn, view.current, #view.racks, view.pool, view.rules.opening.points))
end
