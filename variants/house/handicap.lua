-- Hooks for house/handicap: the seat view.params.seat is dealt
-- view.params.extra more tiles than the others, drawn at random (from the
-- game's seed) from the pool. The deal hook's view shows the pool and
-- every rack, tile by tile; the referee checks that the racks it returns
-- hold only tiles of the pool and the racks, and shuffles the pool again.

function deal(view)
  local seat, extra = view.params.seat or 1, view.params.extra or 0
  if seat < 1 or seat > #view.rack_tiles or extra <= 0 then
    return nil -- no such seat at this table: the usual deal
  end
  local racks = {}
  for i, rack in ipairs(view.rack_tiles) do
    racks[i] = {}
    for _, tile in ipairs(rack) do
      racks[i][#racks[i] + 1] = tile
    end
  end
  local pool = {}
  for _, tile in ipairs(view.pool_tiles) do
    pool[#pool + 1] = tile
  end
  for _ = 1, math.min(extra, #pool) do
    local i = math.random(#pool)
    racks[seat][#racks[seat] + 1] = table.remove(pool, i)
  end
  return racks
end
