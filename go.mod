module github.com/meldlab/meldlab

go 1.26
