-- docs/rules.md, "No clock, no timeout": the Italian and Novelty editions have
-- no time limit, so no turn can time out. A player who cannot or will not
-- play draws (001: "è costretto a pescare e a passare la mano"; 002: "debe
-- tomar una del montón y su turno termina"); a timeout there would be a
-- free pass, and is refused.
for _, name in ipairs{"italian", "novelty"} do
  local g = meld.game{variant = name, players = 2, seed = 1}
  local pool, rack = g:pool(), g:rack(1)
  local ok, why = g:timeout()
  assert(ok == false)
  assert(why == "the " .. name .. " rules have no time limit, so no turn times out; a turn ends with a play or a draw", why)
  assert(g:pool() == pool and g:rack(1) == rack and g:current() == 1, "a refused timeout changes nothing")
  -- The turn ends the ordinary way: a draw.
  assert(g:draw())
  assert(g:pool() == pool - 1 and g:current() == 2)
end

-- With a clock the timeout is the rulebook's penalty: 1 tile in the
-- original, 3 in the French printing.
for name, penalty in pairs{original = 1, ["original-fr"] = 3} do
  local g = meld.game{variant = name, players = 2, seed = 1}
  local pool = g:pool()
  local drawn = g:timeout()
  assert(select(2, drawn:gsub("%S+", "")) == penalty, drawn)
  assert(g:pool() == pool - penalty and g:current() == 2)
end
