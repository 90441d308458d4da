package record_test

import "os"

var osReadFile = os.ReadFile
