package scripts

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/meldlab/meldlab/internal/files"
)

// Run runs the Lua script at path in the sandbox with the meld module, as
// `meldlab run` does. opts.Dir defaults to the script's directory, the only
// place its require, g:save, meld.load and variant paths reach; opts.Args
// fill the global arg (arg[0] is path). The whole run is one call into Lua,
// bounded by opts.Limits (Timeout defaults to DefaultTimeout).
//
// A failure of the script is a *ScriptError: "file:line: message" and the
// Lua traceback. Other errors (the file cannot be read) are plain.
func Run(ctx context.Context, path string, opts Options) error {
	src, err := files.Read(path, files.Lua)
	if err != nil {
		return fmt.Errorf("scripts: %w", err)
	}
	if opts.Dir == "" {
		opts.Dir = filepath.Dir(path)
	}
	e, err := newEnv(opts)
	if err != nil {
		return err
	}
	defer e.close()
	e.setArgs(path, opts.Args)
	_, err = e.run(ctx, path, src)
	return err
}
