-- The MSO's rules: one joker each in the deal, and a player who could
-- have opened but did not loses params.could_have_opened more (the
-- variant's unopened_penalty, 100, comes on top of it after this hook).

-- deal: each seat gets one joker, then 13 tiles: the rack's own numbered
-- tiles (13 of them; a rack dealt two jokers takes a numbered tile from
-- the pool for the second), the joker from the pool where it has none.
function deal(view)
  local spare = {} -- the pool's numbered tiles, for a rack short of them
  for _, t in ipairs(view.pool_tiles) do
    if t ~= "J" then spare[#spare + 1] = t end
  end
  local racks = {}
  for seat, rack in ipairs(view.rack_tiles) do
    local out = {"J"}
    for _, t in ipairs(rack) do
      if t ~= "J" and #out < 14 then out[#out + 1] = t end
    end
    while #out < 14 do out[#out + 1] = table.remove(spare) end
    racks[seat] = out
  end
  return racks
end

-- score_round: an unopened player whose rack held an initial meld pays
-- more (meld.solve by the variant's keys: a meld from the rack alone).
function score_round(view, scores)
  local out, changed = {}, false
  for i, s in ipairs(scores) do
    out[i] = s
    if not view.opened[i] and meld.solve{rack = view.rack_tiles[i], opened = false} then
      out[i] = s - view.params.could_have_opened
      changed = true
    end
  end
  if changed then return out end
  return nil
end
