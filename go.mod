module github.com/meldlab/meldlab

go 1.26

require (
	github.com/stretchr/testify v1.12.1 // indirect
	github.com/yuin/gopher-lua v1.1.2 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
)
