-- The clean-opening rule, with a deal and a first player fixed for a test.

function deal(view)
  return {
    {"r10", "r11", "J", "k10", "k11", "k12", "b1", "b5", "o2", "o9", "k3", "b13", "o13", "r2"},
    {"r1", "r3", "r5", "r7", "r9", "b2", "b4", "b6", "b8", "o1", "o3", "o5", "o7", "k1"},
  }
end

function first_player(view)
  return 1
end

function check_play(view, after, placed)
  if not view.opened[view.current] then
    for _, tile in ipairs(placed) do
      if tile == "J" then
        return false, "the initial meld must be made without jokers"
      end
    end
  end
  return true
end
