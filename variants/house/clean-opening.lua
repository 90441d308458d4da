-- Hooks for house/clean-opening: the initial meld may not use a joker.
--
-- check_play is called with a read-only view of the game, the table the
-- play would leave, and the tiles the player placed. It returns true to let
-- the rules decide, or false and a reason to refuse the play; the reason
-- reaches the player like any rule error. Seats count from 1, as Lua does;
-- tiles are strings in notation: "r7", "J".

function check_play(view, after, placed)
  if view.opened[view.current] then
    return true
  end
  for _, tile in ipairs(placed) do
    if tile == "J" then
      return false, "house rule: the initial meld must be made without jokers"
    end
  end
  return true
end
