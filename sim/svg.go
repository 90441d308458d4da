package sim

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// palette colours the variants, in order (colour-blind-safe, Okabe-Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// Chart geometry, in SVG user units. Panels stack down the page; the
// height follows from what there is to draw.
const (
	svgWidth   = 900
	panelLeft  = 80
	panelRight = 860
	histHeight = 250 // one round-length panel
	miniHeight = 110 // one of the small multiples, for many variants
	winHeight  = 220
	// manyLines is the variants past which round lengths are drawn one
	// small panel each: more step lines than this on one panel cannot be
	// told apart.
	manyLines = 3
)

// WriteSVG draws the report as one self-contained SVG document (no script,
// no external resource; any browser opens it): the legend, then the
// distribution of round length per variant (one line each, or one small
// panel each for many variants), each seat's win rate per variant with its
// 95% interval against the fair share 1/players, and a forest plot of the
// paired differences with their intervals, one panel a metric.
func (rep *Report) WriteSVG(w io.Writer) error {
	var body bytes.Buffer
	text(&body, svgWidth/2, 24, "middle", 16, fmt.Sprintf("%d games, %d players (%s), seed %d",
		rep.Games, rep.Setup.Players, strings.Join(rep.Setup.Bots, ", "), rep.Setup.Seed))
	y := rep.legend(&body, 44)
	if rep.Sweep != nil {
		y = rep.sweepPanels(&body, y+40)
	}
	y = rep.histogram(&body, y+40)
	y = rep.winRates(&body, y+70)
	if len(rep.Pairs) > 0 {
		y = rep.forest(&body, y+70)
	}
	height := int(math.Ceil(y)) + 50
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<title>meldlab sim: %s</title>`+"\n", esc(strings.Join(rep.Setup.Variants, " vs ")))
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	b.Write(body.Bytes())
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// esc escapes s for XML text and attributes.
func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // writing to a Builder cannot fail
	return b.String()
}

func text(b *bytes.Buffer, x, y float64, anchor string, size int, s string) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d">%s</text>`+"\n", x, y, anchor, size, esc(s))
}

// niceStep is a round tick step (1, 2 or 5 times a power of ten) giving
// about n ticks over span.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// panel is a plotting area's frame.
type panel struct{ left, right, top, bottom float64 }

// axes draws a panel's frame, its y ticks (from 0 to yMax, as percentages)
// and its axis labels (an empty label is left out).
func axes(b *bytes.Buffer, p panel, yMax float64, title, xLabel, yLabel string) {
	text(b, p.left, p.top-14, "start", 14, title)
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#888"/>`+"\n",
		p.left, p.top, p.right-p.left, p.bottom-p.top)
	step := niceStep(yMax, int(math.Max(2, math.Min(5, (p.bottom-p.top)/25))))
	for v := 0.0; v <= yMax+1e-9; v += step {
		y := p.bottom - (p.bottom-p.top)*v/yMax
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", p.left, y, p.right, y)
		text(b, p.left-6, y+4, "end", 11, trimFloat(v*100)+"%")
	}
	if xLabel != "" {
		text(b, (p.left+p.right)/2, p.bottom+38, "middle", 13, xLabel)
	}
	if yLabel != "" {
		x, y := p.left-56, (p.top+p.bottom)/2
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="13" transform="rotate(-90 %.1f %.1f)">%s</text>`+"\n",
			x, y, x, y, esc(yLabel))
	}
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0" // a tick a rounding error below 0
	}
	return s
}

// histogram draws the share of finished rounds by length, in bins, from
// top down: one step line a variant on one panel, or for many variants one
// small panel each, on the same scales. It returns the bottom it used.
func (rep *Report) histogram(b *bytes.Buffer, top float64) float64 {
	lo, hi := math.MaxInt64, -1
	for _, v := range rep.Variants {
		for _, h := range v.TurnHistogram {
			lo, hi = min(lo, int(h[0])), max(hi, int(h[0]))
		}
	}
	if hi < 0 {
		p := panel{panelLeft, panelRight, top, top + histHeight}
		axes(b, p, 1, "Round length", "turns per round", "share of rounds")
		text(b, svgWidth/2, (p.top+p.bottom)/2, "middle", 13, "no finished rounds")
		return p.bottom + 40
	}
	width := max(1, int(math.Ceil(float64(hi-lo+1)/40)))
	lo -= lo % width
	nbins := (hi-lo)/width + 1
	shares := make([][]float64, len(rep.Variants))
	yMax := 0.0
	for k, v := range rep.Variants {
		shares[k] = make([]float64, nbins)
		for _, h := range v.TurnHistogram {
			shares[k][(int(h[0])-lo)/width] += float64(h[1]) / float64(v.Finished)
		}
		for _, s := range shares[k] {
			yMax = math.Max(yMax, s)
		}
	}
	yMax = math.Ceil(yMax/niceStep(yMax, 5)) * niceStep(yMax, 5)
	title := "Round length"
	if width > 1 {
		title += fmt.Sprintf(" (bins of %d turns)", width)
	}
	draw := func(p panel, ks []int, title, xLabel, yLabel string) {
		axes(b, p, yMax, title, xLabel, yLabel)
		xOf := func(t float64) float64 {
			return p.left + (p.right-p.left)*(t-float64(lo))/float64(nbins*width)
		}
		yOf := func(s float64) float64 { return p.bottom - (p.bottom-p.top)*s/yMax }
		step := niceStep(float64(nbins*width), int(math.Max(3, (p.right-p.left)/80)))
		for t := math.Ceil(float64(lo)/step) * step; t <= float64(lo+nbins*width)+1e-9; t += step {
			x := xOf(t)
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/>`+"\n", x, p.bottom, x, p.bottom+5)
			text(b, x, p.bottom+18, "middle", 11, trimFloat(t))
		}
		for _, k := range ks {
			var d strings.Builder
			fmt.Fprintf(&d, "M%.1f %.1f", xOf(float64(lo)), yOf(0))
			for i, s := range shares[k] {
				x0, x1 := xOf(float64(lo+i*width)), xOf(float64(lo+(i+1)*width))
				fmt.Fprintf(&d, " L%.1f %.1f L%.1f %.1f", x0, yOf(s), x1, yOf(s))
			}
			fmt.Fprintf(&d, " L%.1f %.1f", xOf(float64(lo+nbins*width)), yOf(0))
			fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", d.String(), palette[k%len(palette)])
		}
	}
	nv := len(rep.Variants)
	if nv <= manyLines {
		ks := make([]int, nv)
		for k := range ks {
			ks[k] = k
		}
		draw(panel{panelLeft, panelRight, top, top + histHeight}, ks, title, "turns per round", "share of rounds")
		return top + histHeight + 40
	}
	// Small multiples: two columns, one variant a panel, titled in its colour.
	text(b, panelLeft, top-14, "start", 14, title+", one panel a variant, same scales")
	const gap = 70.0
	colW := (panelRight - panelLeft - gap) / 2
	y := top + 30
	for k := range rep.Variants {
		col := float64(k % 2)
		left := panelLeft + col*(colW+gap)
		p := panel{left, left + colW, y, y + miniHeight}
		xLabel := ""
		if k >= nv-2 {
			xLabel = "turns per round"
		}
		draw(p, []int{k}, "", xLabel, "")
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="10" height="10" fill="%s"/>`+"\n", left, y-19, palette[k%len(palette)])
		text(b, left+14, y-10, "start", 12, rep.Variants[k].Name)
		if k%2 == 1 || k == nv-1 {
			y += miniHeight + 50
		}
	}
	return y - 10
}

// winRates draws each seat's win rate per variant with its interval from
// top down, and returns the bottom it used.
func (rep *Report) winRates(b *bytes.Buffer, top float64) float64 {
	p := panel{panelLeft, panelRight, top, top + winHeight}
	seats := rep.Setup.Players
	yMax := 1.0 / math.Max(1, float64(seats))
	for _, v := range rep.Variants {
		for _, w := range v.WinsBySeat {
			if !math.IsNaN(w.Share.High) {
				yMax = math.Max(yMax, w.Share.High)
			}
		}
	}
	yMax = math.Min(1, math.Ceil(yMax/niceStep(yMax, 5))*niceStep(yMax, 5))
	axes(b, p, yMax, "Win rate by seat (dots) with 95% intervals (bars); dashed: a fair share",
		"seat (bot)", "rounds won")
	yOf := func(s float64) float64 { return p.bottom - (p.bottom-p.top)*s/yMax }
	slot := (p.right - p.left) / float64(max(seats, 1))
	fair := yOf(1 / math.Max(1, float64(seats)))
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#444" stroke-dasharray="6 4"/>`+"\n",
		p.left, fair, p.right, fair)
	nv := len(rep.Variants)
	for s := range seats {
		center := p.left + slot*(float64(s)+0.5)
		text(b, center, p.bottom+18, "middle", 11, fmt.Sprintf("seat %d (%s)", s+1, rep.Setup.Bots[s]))
		for k, v := range rep.Variants {
			if s >= len(v.WinsBySeat) || math.IsNaN(v.WinsBySeat[s].Share.Value) {
				continue
			}
			sh := v.WinsBySeat[s].Share
			x := center + slot*0.7*(float64(k)+0.5-float64(nv)/2)/float64(max(nv, 1))
			col := palette[k%len(palette)]
			if !math.IsNaN(sh.Low) {
				errorBar(b, x, yOf(sh.Low), x, yOf(sh.High), col)
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s</title></circle>`+"\n",
				x, yOf(sh.Value), col, esc(fmt.Sprintf("%s, seat %d: %s", v.Name, s+1, shareIv(sh))))
		}
	}
	return p.bottom + 40
}

// errorBar draws an interval from (x1, y1) to (x2, y2) with end ticks
// across it.
func errorBar(b *bytes.Buffer, x1, y1, x2, y2 float64, col string) {
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", x1, y1, x2, y2, col)
	vertical := x1 == x2
	for _, e := range [][2]float64{{x1, y1}, {x2, y2}} {
		if vertical {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", e[0]-4, e[1], e[0]+4, e[1], col)
		} else {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", e[0], e[1]-4, e[0], e[1]+4, col)
		}
	}
}

// Forest plot geometry: a row a pair, labels left of the plot.
const (
	forestLeft = 330
	forestRow  = 18
)

// forest draws the paired differences B - A of each metric with their
// intervals, one panel a metric, a row a pair, against a line at 0: the
// clear differences in black, the others in grey. It returns the bottom
// it used.
func (rep *Report) forest(b *bytes.Buffer, top float64) float64 {
	y := top
	for m, metric := range Metrics {
		scale, unit := 1.0, metricUnits[metric]
		if unit == "share" {
			scale, unit = 100, "percentage points"
		}
		lo, hi := 0.0, 0.0
		for _, p := range rep.Pairs {
			if m >= len(p.Diffs) {
				continue
			}
			for _, v := range []float64{p.Diffs[m].Mean.Low, p.Diffs[m].Mean.High, p.Diffs[m].Mean.Value} {
				if !math.IsNaN(v) {
					lo, hi = math.Min(lo, v*scale), math.Max(hi, v*scale)
				}
			}
		}
		if lo == hi {
			lo, hi = -1, 1
		}
		pad := (hi - lo) * 0.05
		lo, hi = lo-pad, hi+pad
		p := panel{forestLeft, panelRight, y, y + float64(len(rep.Pairs)*forestRow) + 8}
		text(b, panelLeft-60, p.top-14, "start", 14, fmt.Sprintf("Difference in %s (%s), with 95%% intervals", inEnglish(metricNoun(metric)), unit))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#888"/>`+"\n",
			p.left, p.top, p.right-p.left, p.bottom-p.top)
		xOf := func(v float64) float64 { return p.left + (p.right-p.left)*(v-lo)/(hi-lo) }
		step := niceStep(hi-lo, 6)
		for t := math.Ceil(lo/step) * step; t <= hi+1e-9; t += step {
			x := xOf(t)
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, p.top, x, p.bottom)
			text(b, x, p.bottom+16, "middle", 11, trimFloat(t))
		}
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#444" stroke-dasharray="6 4"/>`+"\n",
			xOf(0), p.top, xOf(0), p.bottom)
		for i, pr := range rep.Pairs {
			ry := p.top + 4 + float64(i*forestRow) + forestRow/2
			text(b, p.left-8, ry+4, "end", 11, pr.B+" vs "+pr.A)
			if m >= len(pr.Diffs) || math.IsNaN(pr.Diffs[m].Mean.Value) {
				continue
			}
			d := pr.Diffs[m]
			col := "#999"
			if d.Clear {
				col = "#000"
			}
			if !math.IsNaN(d.Mean.Low) {
				errorBar(b, xOf(d.Mean.Low*scale), ry, xOf(d.Mean.High*scale), ry, col)
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s</title></circle>`+"\n",
				xOf(d.Mean.Value*scale), ry, col, esc(d.Summary))
		}
		y = p.bottom + 70
	}
	text(b, panelLeft-60, y-40, "start", 11, fmt.Sprintf("black: a clear difference (its interval leaves out 0, "+
		"and so does Holm's correction for all %d comparisons);", rep.Comparisons))
	text(b, panelLeft-60, y-26, "start", 11, "grey: not clear: the interval spans 0, or it leaves out 0 but fails Holm's correction")
	return y - 16
}

// legend names each variant's colour, wrapping its entries into as many
// rows as they need from top down, and returns the bottom it used.
func (rep *Report) legend(b *bytes.Buffer, top float64) float64 {
	x, y := float64(panelLeft), top
	for k, v := range rep.Variants {
		w := 40 + 7*float64(len(v.Name))
		if x > panelLeft && x+w > panelRight {
			x, y = panelLeft, y+18
		}
		col := palette[k%len(palette)]
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="14" height="10" fill="%s"/>`+"\n", x, y-9, col)
		text(b, x+20, y, "start", 12, v.Name)
		x += w
	}
	return y + 6
}

// Sweep chart geometry: two columns of panels, one a metric.
const (
	sweepHeight = 150
	sweepGap    = 90.0
)

// sweepPanels charts each metric against the swept value, with its
// intervals, one small panel a metric, and returns the bottom it used.
func (rep *Report) sweepPanels(b *bytes.Buffer, top float64) float64 {
	sr := rep.Sweep
	text(b, panelLeft, top-14, "start", 14, fmt.Sprintf("Every metric against %s, with 95%% intervals", sr.Key))
	// Numbers are placed at their value, anything else evenly.
	xs := make([]float64, len(sr.Values))
	numeric := true
	for i, v := range sr.Values {
		f, err := strconv.ParseFloat(v, 64)
		numeric = numeric && err == nil
		xs[i] = f
	}
	if !numeric || len(xs) < 2 || xs[len(xs)-1] == xs[0] {
		for i := range xs {
			xs[i] = float64(i)
		}
	}
	colW := (panelRight - panelLeft - sweepGap) / 2
	y := top + 40
	for k, m := range sr.Metrics {
		left := panelLeft + float64(k%2)*(colW+sweepGap)
		p := panel{left, left + colW, y, y + sweepHeight}
		scale, unit := 1.0, m.Unit
		if unit == "share" {
			scale, unit = 100, "%"
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, pt := range m.Points {
			for _, v := range []float64{pt.Low, pt.High, pt.Value} {
				if !math.IsNaN(v) {
					lo, hi = math.Min(lo, v*scale), math.Max(hi, v*scale)
				}
			}
		}
		if math.IsInf(lo, 0) {
			lo, hi = 0, 1
		}
		if hi-lo < 1e-9 {
			lo, hi = lo-1, hi+1
		}
		pad := (hi - lo) * 0.08
		lo, hi = lo-pad, hi+pad
		text(b, p.left, p.top-10, "start", 12, fmt.Sprintf("%s (%s)", inEnglish(metricNoun(m.Metric)), unit))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#888"/>`+"\n",
			p.left, p.top, p.right-p.left, p.bottom-p.top)
		x0, x1 := xs[0], xs[len(xs)-1]
		xOf := func(x float64) float64 {
			if x1 == x0 {
				return (p.left + p.right) / 2
			}
			return p.left + 20 + (p.right-p.left-40)*(x-x0)/(x1-x0)
		}
		yOf := func(v float64) float64 { return p.bottom - (p.bottom-p.top)*(v-lo)/(hi-lo) }
		step := niceStep(hi-lo, 4)
		for t := math.Ceil(lo/step) * step; t <= hi+1e-9; t += step {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", p.left, yOf(t), p.right, yOf(t))
			text(b, p.left-6, yOf(t)+4, "end", 11, trimFloat(t))
		}
		var line strings.Builder
		for i, v := range sr.Values {
			x := xOf(xs[i])
			text(b, x, p.bottom+16, "middle", 11, v)
			pt := m.Points[i]
			if math.IsNaN(pt.Value) {
				continue
			}
			if !math.IsNaN(pt.Low) {
				errorBar(b, x, yOf(pt.Low*scale), x, yOf(pt.High*scale), palette[0])
			}
			if line.Len() == 0 {
				fmt.Fprintf(&line, "M%.1f %.1f", x, yOf(pt.Value*scale))
			} else {
				fmt.Fprintf(&line, " L%.1f %.1f", x, yOf(pt.Value*scale))
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s</title></circle>`+"\n",
				x, yOf(pt.Value*scale), palette[0], esc(fmt.Sprintf("%s=%s: %s", sr.Key, v, mean(Interval{pt.Value * scale, pt.Low * scale, pt.High * scale}))))
		}
		if line.Len() > 0 {
			fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", line.String(), palette[0])
		}
		if k%2 == 1 || k == len(sr.Metrics)-1 {
			text(b, (panelLeft+panelRight)/2, p.bottom+36, "middle", 12, sr.Key)
			y += sweepHeight + 80
		}
	}
	return y - 40
}
