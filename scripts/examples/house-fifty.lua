-- A house-rule experiment: how often can a player open on the first turn
-- when the initial meld needs 50 points instead of 30? Over seeded deals,
-- each rack is asked to the solver (meld.solve with opened = false).
--
--   meldlab run scripts/examples/house-fifty.lua [deals]
local deals = tonumber(arg and arg[1]) or 25

-- The shipped house rule when it is there, else the same change by hand.
local fifty = {opening = {points = 50}}
for _, name in ipairs(meld.variants()) do
  if name == "house/fifty" then fifty = name end
end
assert(meld.variant(fifty).opening.points == 50)

local function openers(variant)
  local n, racks = 0, 0
  for seed = 1, deals do
    local g = meld.game{variant = variant, players = 4, seed = seed}
    for p = 1, g:players() do
      racks = racks + 1
      if meld.solve{rack = g:rack(p), opened = false, variant = variant} then
        n = n + 1
      end
    end
  end
  return n, racks
end

local n30, racks = openers("original")
local n50 = openers(fifty)
print(string.format("racks that can open at once, over %d deals of 4: 30 points %d of %d (%.0f%%), 50 points %d (%.0f%%)",
  deals, n30, racks, 100 * n30 / racks, n50, 100 * n50 / racks))

-- Every rack that reaches 50 reaches 30; the house rule makes opening harder.
assert(n50 <= n30)
assert(n50 < n30, "over this many deals some rack should open at 30 but not at 50")
