package class

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/meldlab/meldlab/web"
)

// SaveTable keeps a table pupils share: its seats, and its game when it
// has one (a table without a game keeps the one it had).
func (db *DB) SaveTable(ctx context.Context, t web.SharedTable) error {
	pupils, err := json.Marshal(t.Pupils)
	if err != nil {
		return err
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO shared_tables (code, players, pupils, game) VALUES (?, ?, ?, ?)
			ON CONFLICT (code) DO UPDATE SET players = excluded.players, pupils = excluded.pupils,
			game = COALESCE(excluded.game, shared_tables.game)`, t.Code, t.Players, string(pupils), t.Game)
		return err
	})
}

// Tables are the tables kept, by code.
func (db *DB) Tables(ctx context.Context) ([]web.SharedTable, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT code, players, pupils, game FROM shared_tables ORDER BY code`)
	if err != nil {
		return nil, classify(db.path, err)
	}
	defer rows.Close()
	var out []web.SharedTable
	for rows.Next() {
		var t web.SharedTable
		var pupils string
		if err := rows.Scan(&t.Code, &t.Players, &pupils, &t.Game); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(pupils), &t.Pupils); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
