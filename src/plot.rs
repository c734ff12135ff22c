//! Charts as SVG documents, drawn with `plotters`' SVG backend.
//!
//! Pure functions: each returns the whole document as a `String` and the caller decides where it
//! goes. Text is emitted as SVG `<text>` elements that the viewer lays out with its own fonts, so
//! nothing here reads a font file; `plotters`' built-in estimate of text widths places the labels.
//! The same input always gives the same bytes.

use crate::error::Error;
use holodice_engine::dist::{to_f64, Dist};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;

/// The canvas height, in pixels.
const HEIGHT: u32 = 500;
/// The width of everything but the legend column, in pixels.
const PLOT_WIDTH: u32 = 640;
/// The legend column is at least this wide, so short legends give an 800-pixel canvas.
const MIN_LEGEND_WIDTH: u32 = 160;
/// At most this many labelled ticks on the x axis.
const MAX_X_TICKS: usize = 16;

const FONT: &str = "sans-serif";
/// Font sizes in `plotters`' units (the SVG backend writes `font-size` as this / 1.24).
const TITLE_SIZE: u32 = 26;

/// A title's font size: the usual size, smaller for a long title so that it fits the plot's
/// width (sans-serif letters average under half the font size in width).
fn title_size(title: &str) -> u32 {
    let letters = title.chars().count().max(1) as u32;
    TITLE_SIZE
        .min((PLOT_WIDTH - 40) * 20 / (letters * 9))
        .max(10)
}
const DESC_SIZE: u32 = 18;
const LABEL_SIZE: u32 = 15;

/// The bars of P(X = k).
const BAR_COLOUR: RGBColor = RGBColor(0x4C, 0x72, 0xB0);
/// The line of P(X ≥ k).
const LINE_COLOUR: RGBColor = RGBColor(0xDD, 0x52, 0x1F);
/// One colour per curve, in order (Tableau 10); more curves than colours reuse them.
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x1F, 0x77, 0xB4),
    RGBColor(0xFF, 0x7F, 0x0E),
    RGBColor(0x2C, 0xA0, 0x2C),
    RGBColor(0xD6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xBD),
    RGBColor(0x8C, 0x56, 0x4B),
    RGBColor(0xE3, 0x77, 0xC2),
    RGBColor(0x7F, 0x7F, 0x7F),
    RGBColor(0xBC, 0xBD, 0x22),
    RGBColor(0x17, 0xBE, 0xCF),
];

/// The legend entry of the bars.
const BAR_NAME: &str = "P(= k)";
/// The legend entry of the line.
const LINE_NAME: &str = "P(≥ k)";

/// The x axis shows at least this many units, so that a few bars are not drawn very wide.
const MIN_X_UNITS: f64 = 6.0;
/// Room above the greatest y value (and below a negative least one), as a share of the y span.
const HEADROOM: f64 = 0.04;
/// The vertical distance between legend entries, in pixels.
const LEGEND_ROW: i32 = 22;
/// Lines with at most this many points get a marker on each point.
const MAX_MARKED_POINTS: usize = 60;

/// A chart's title naming both units: "SWTCG: Power 5 against Health 4, Armor".
pub fn matchup_title(game: &str, attacker: &str, defender: &str) -> String {
    format!("{game}: {}", crate::report::matchup(attacker, defender))
}

/// One distribution: its pmf as bars, with P(X ≥ k) as a line on the same axes (both in [0, 1]).
///
/// There is one bar per outcome of non-zero probability; the line has a point at every integer
/// from the smallest outcome to the largest.
///
/// ```
/// use holodice_engine::dist::Dist;
/// let svg = holodice::plot::distribution_svg("1d4", "k", &Dist::uniform(&[1, 2, 3, 4])).unwrap();
/// assert!(svg.starts_with("<svg"));
/// ```
pub fn distribution_svg(title: &str, x_label: &str, dist: &Dist) -> Result<String, Error> {
    let pmf = dist.pmf_f64();
    let tail: Vec<(f64, f64)> = at_least_every_integer(dist)
        .into_iter()
        .map(|(x, p)| (x as f64, p))
        .collect();
    let (lo, hi) = (dist.min(), dist.max());
    let legend = [
        (BAR_NAME, Swatch::Bar(BAR_COLOUR)),
        (LINE_NAME, Swatch::Line(LINE_COLOUR)),
    ];
    let x_axis = integer_axis(lo, hi);
    let y_ticks = (0..=10).map(|i| f64::from(i) / 10.0).collect();
    let y_axis = Axis::new(0.0, 1.0 + HEADROOM, y_ticks);
    let y_format = |y: &f64| format!("{y:.1}");
    let labels = Labels {
        title,
        x: x_label,
        y: "probability",
        y_format: &y_format,
    };
    render(labels, x_axis, y_axis, &legend, |chart| {
        chart
            .draw_series(pmf.iter().map(|&(x, p)| {
                let x = x as f64;
                Rectangle::new([(x - 0.4, 0.0), (x + 0.4, p)], BAR_COLOUR.filled())
            }))
            .map_err(draw_error)?;
        chart
            .draw_series(line(tail, LINE_COLOUR))
            .map_err(draw_error)?;
        Ok(())
    })
}

/// Several curves over the same integer x values (a table: one curve per column).
///
/// Each series gives one y value per x value; a value that is not finite is left out of its line.
/// The y axis is [0, 1] when every value lies there, and otherwise spans the values and 0. Curves
/// take their colours from a palette of ten, in order; an eleventh curve reuses the first colour.
///
/// ```
/// let x = [1, 2, 3];
/// let series = [("hits".to_string(), vec![0.5, 0.25, 0.125])];
/// let svg = holodice::plot::curves_svg("Hits", "dice", "probability", &x, &series).unwrap();
/// assert!(svg.contains("hits"));
/// ```
pub fn curves_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    x: &[i64],
    series: &[(String, Vec<f64>)],
) -> Result<String, Error> {
    let (Some(&x_min), Some(&x_max)) = (x.iter().min(), x.iter().max()) else {
        return Err(Error::Chart("there are no x values".to_string()));
    };
    if let Some((name, ys)) = series.iter().find(|(_, ys)| ys.len() != x.len()) {
        return Err(Error::Chart(format!(
            "series '{name}' has {} values for {} x values",
            ys.len(),
            x.len()
        )));
    }
    let x_axis = integer_axis(x_min, x_max);
    let (y_lo, y_hi) = y_range(series.iter().flat_map(|(_, ys)| ys.iter().copied()));
    let (y_ticks, decimals) = nice_ticks(y_lo, y_hi);
    let pad = (y_hi - y_lo) * HEADROOM;
    let below = if y_lo < 0.0 { pad } else { 0.0 };
    let y_axis = Axis::new(y_lo - below, y_hi + pad, y_ticks);
    let y_format = move |y: &f64| format_tick(*y, decimals);
    let labels = Labels {
        title,
        x: x_label,
        y: y_label,
        y_format: &y_format,
    };
    let legend: Vec<(&str, Swatch)> = series
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.as_str(), Swatch::Line(colour(i))))
        .collect();
    render(labels, x_axis, y_axis, &legend, |chart| {
        for (i, (_, ys)) in series.iter().enumerate() {
            let points: Vec<(f64, f64)> = x
                .iter()
                .zip(ys)
                .filter(|(_, y)| y.is_finite())
                .map(|(&x, &y)| (x as f64, y))
                .collect();
            chart
                .draw_series(line(points, colour(i)))
                .map_err(draw_error)?;
        }
        Ok(())
    })
}

/// The colour of the `i`th curve.
fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// A linear `f64` axis whose ticks, labels and grid lines are exactly the given values.
#[derive(Clone)]
struct Axis {
    scale: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Axis {
    fn new(lo: f64, hi: f64, ticks: Vec<f64>) -> Axis {
        Axis {
            scale: (lo..hi).into(),
            ticks,
        }
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.scale.map(value, limit)
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.scale.range()
    }
}

type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<Axis, Axis>>;

/// The texts of a chart.
struct Labels<'t> {
    title: &'t str,
    x: &'t str,
    y: &'t str,
    y_format: &'t dyn Fn(&f64) -> String,
}

/// How a legend entry shows its series.
#[derive(Clone, Copy)]
enum Swatch {
    Bar(RGBColor),
    Line(RGBColor),
}

/// The whole document: a white canvas with the chart on the left, drawn by `series` once the
/// title, axes and grid are in place, and the legend in a column on the right.
fn render(
    labels: Labels,
    x_axis: Axis,
    y_axis: Axis,
    legend: &[(&str, Swatch)],
    series: impl FnOnce(&mut Chart) -> Result<(), Error>,
) -> Result<String, Error> {
    let legend_width = legend_width(legend.iter().map(|(name, _)| *name));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (PLOT_WIDTH + legend_width, HEIGHT))
            .into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let (plot_area, legend_area) = root.split_horizontally(PLOT_WIDTH);

        let mut chart = ChartBuilder::on(&plot_area)
            .caption(clean(labels.title), (FONT, title_size(labels.title)))
            .margin(15)
            .x_label_area_size(50)
            .y_label_area_size(65)
            .build_cartesian_2d(x_axis, y_axis)
            .map_err(draw_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(clean(labels.x))
            .y_desc(clean(labels.y))
            .axis_desc_style((FONT, DESC_SIZE))
            .label_style((FONT, LABEL_SIZE))
            .x_label_formatter(&|x| format!("{}", x.round() as i64))
            .y_label_formatter(labels.y_format)
            .bold_line_style(BLACK.mix(0.15))
            .draw()
            .map_err(draw_error)?;
        series(&mut chart)?;

        // The legend's first entry level with the top of the plotting area.
        let top = chart.plotting_area().get_base_pixel().1 + 10;
        for (i, (name, swatch)) in legend.iter().enumerate() {
            let y = top + LEGEND_ROW * i as i32;
            match *swatch {
                Swatch::Bar(c) => {
                    legend_area.draw(&Rectangle::new([(5, y - 6), (29, y + 6)], c.filled()))
                }
                Swatch::Line(c) => {
                    legend_area.draw(&PathElement::new(vec![(5, y), (29, y)], c.stroke_width(2)))
                }
            }
            .map_err(draw_error)?;
            let style = TextStyle::from((FONT, LABEL_SIZE).into_font())
                .pos(Pos::new(HPos::Left, VPos::Center));
            legend_area
                .draw(&Text::new(clean(name), (37, y), style))
                .map_err(draw_error)?;
        }
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

/// A line through `points` in `colour`, with a marker on each point when there are few.
fn line<'a>(points: Vec<(f64, f64)>, colour: RGBColor) -> LineSeries<SVGBackend<'a>, (f64, f64)> {
    let marker = if points.len() <= MAX_MARKED_POINTS {
        3
    } else {
        0
    };
    LineSeries::new(points, colour.stroke_width(2)).point_size(marker)
}

/// The width of the legend column: swatch, margins and a generous estimate of the longest label.
fn legend_width<'n>(names: impl Iterator<Item = &'n str>) -> u32 {
    let longest = names.map(|s| s.chars().count()).max().unwrap_or(0);
    // About 7 pixels a character at LABEL_SIZE, after a 37-pixel swatch and before a margin.
    let wanted = 50 + 7 * longest as u32;
    wanted.max(MIN_LEGEND_WIDTH)
}

/// P(X ≥ k) for every integer k from the smallest outcome to the largest, as `f64`.
fn at_least_every_integer(dist: &Dist) -> Vec<(i64, f64)> {
    let support = dist.at_least_all();
    let mut out = Vec::new();
    let mut next = support.iter().peekable();
    for k in dist.min()..=dist.max() {
        // P(X ≥ k) = P(X ≥ the smallest outcome at or above k); the last outcome is dist.max().
        while next.peek().is_some_and(|(x, _)| *x < k) {
            next.next();
        }
        if let Some((_, p)) = next.peek() {
            out.push((k, to_f64(p)));
        }
    }
    out
}

/// Integer tick positions from `lo` to `hi`, at most [`MAX_X_TICKS`] of them, a 1-2-5 step apart.
fn integer_ticks(lo: i64, hi: i64) -> Vec<f64> {
    let span = (i128::from(hi) - i128::from(lo)).max(0);
    let mut step: i128 = 1;
    'search: loop {
        for m in [1, 2, 5] {
            if span / (step * m) < MAX_X_TICKS as i128 {
                step *= m;
                break 'search;
            }
        }
        step *= 10;
    }
    let first = i128::from(lo).div_euclid(step) * step;
    let first = if first < i128::from(lo) {
        first + step
    } else {
        first
    };
    (0..)
        .map(|i| first + i * step)
        .take_while(|t| *t <= i128::from(hi))
        .map(|t| t as f64)
        .collect()
}

/// The y values curves must show: [0, 1] when every finite value lies there, otherwise from the
/// smaller of 0 and the least value to the greatest.
fn y_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (0.0_f64, 0.0_f64);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo >= 0.0 && hi <= 1.0 {
        (0.0, 1.0)
    } else {
        (lo, hi)
    }
}

/// The x axis from `lo` to `hi` with half a unit beyond each end, widened around its middle to
/// at least [`MIN_X_UNITS`] units, with integer ticks.
fn integer_axis(lo: i64, hi: i64) -> Axis {
    let units = hi as f64 - lo as f64 + 1.0;
    let extra = ((MIN_X_UNITS - units) / 2.0).max(0.0);
    let (from, to) = (lo as f64 - 0.5 - extra, hi as f64 + 0.5 + extra);
    Axis::new(
        from,
        to,
        integer_ticks(from.ceil() as i64, to.floor() as i64),
    )
}

/// Round tick values between `lo` and `hi`, a 1-2-5 step apart, about ten of them, and the
/// number of decimals that shows them exactly.
fn nice_ticks(lo: f64, hi: f64) -> (Vec<f64>, usize) {
    let raw = (hi - lo) / 10.0;
    let power = raw.log10().floor();
    let magnitude = 10f64.powf(power);
    let (m, step) = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| (m, m * magnitude))
        .find(|(_, s)| *s >= raw)
        .unwrap_or((10.0, 10.0 * magnitude));
    let power = if m == 10.0 { power + 1.0 } else { power };
    let decimals = (-power).max(0.0) as usize;
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    let ticks = (first..=last).map(|i| i as f64 * step).collect();
    (ticks, decimals)
}

/// `y` with `decimals` decimals, never as "-0".
fn format_tick(y: f64, decimals: usize) -> String {
    let s = format!("{y:.decimals$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// `s` with control characters (which XML cannot carry) turned into spaces.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn draw_error(e: impl std::fmt::Display) -> Error {
    Error::Chart(format!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    /// How the SVG backend writes a colour.
    fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        doc
    }

    fn elements<'a>(
        doc: &'a roxmltree::Document<'a>,
        tag: &'a str,
    ) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> + 'a {
        doc.descendants()
            .filter(move |n| n.is_element() && n.tag_name().name() == tag)
    }

    fn number(node: roxmltree::Node, attr: &str) -> f64 {
        node.attribute(attr)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("<{}> without a numeric {attr}", node.tag_name().name()))
    }

    fn has_colour(node: roxmltree::Node, attr: &str, c: RGBColor) -> bool {
        node.attribute(attr)
            .is_some_and(|v| v.eq_ignore_ascii_case(&hex(c)))
    }

    /// The points of a polyline.
    fn points(node: roxmltree::Node) -> Vec<(f64, f64)> {
        node.attribute("points")
            .unwrap_or("")
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    /// Whether a node lies in the legend column, right of the chart.
    fn in_legend(node: roxmltree::Node) -> bool {
        let x = match node.tag_name().name() {
            "polyline" => points(node)[0].0,
            _ => number(node, "x"),
        };
        x >= f64::from(PLOT_WIDTH)
    }

    /// The contents of every `<text>`, trimmed.
    fn texts(doc: &roxmltree::Document) -> Vec<String> {
        elements(doc, "text")
            .map(|n| n.text().unwrap_or("").trim().to_string())
            .collect()
    }

    fn assert_has_text(doc: &roxmltree::Document, want: &str) {
        let all = texts(doc);
        assert!(
            all.iter().any(|t| t == want),
            "no <text> reads {want:?}; the texts are {all:?}"
        );
    }

    fn check_distribution(dist: &Dist) {
        let svg = distribution_svg("Sum of the dice", "hits", dist).unwrap();
        let doc = parse(&svg);
        let pmf = dist.pmf();

        let bar_rects: Vec<_> = elements(&doc, "rect")
            .filter(|n| has_colour(*n, "fill", BAR_COLOUR))
            .collect();
        let mut bars: Vec<_> = bar_rects.iter().filter(|n| !in_legend(**n)).collect();
        assert_eq!(bars.len(), pmf.len(), "one bar per outcome");
        assert_eq!(
            bar_rects.len() - bars.len(),
            1,
            "one bar swatch in the legend"
        );

        // Left to right, the bars' heights follow the probabilities (up to a pixel of rounding).
        bars.sort_by(|a, b| number(**a, "x").total_cmp(&number(**b, "x")));
        let probs: Vec<f64> = pmf.iter().map(|(_, p)| p.to_f64().unwrap()).collect();
        let p_max = probs.iter().copied().fold(0.0, f64::max);
        let h_max = bars
            .iter()
            .map(|n| number(**n, "height"))
            .fold(0.0, f64::max);
        for (bar, p) in bars.iter().zip(&probs) {
            let want = p / p_max * h_max;
            let got = number(**bar, "height");
            assert!(
                (got - want).abs() <= 1.5,
                "bar height {got}, expected {want}"
            );
        }

        let lines: Vec<_> = elements(&doc, "polyline")
            .filter(|n| has_colour(*n, "stroke", LINE_COLOUR))
            .collect();
        let plotted: Vec<_> = lines.iter().filter(|n| !in_legend(**n)).collect();
        assert_eq!(plotted.len(), 1, "one P(≥ k) line");
        let span = (dist.max() - dist.min() + 1) as usize;
        assert_eq!(points(*plotted[0]).len(), span, "a point at every integer");
        assert_eq!(
            lines.len() - plotted.len(),
            1,
            "one line swatch in the legend"
        );

        for want in [
            "Sum of the dice",
            "hits",
            "probability",
            BAR_NAME,
            LINE_NAME,
        ] {
            assert_has_text(&doc, want);
        }
    }

    #[test]
    fn distribution_chart_has_a_bar_per_outcome_a_line_and_its_texts() {
        check_distribution(&Dist::uniform(&[0, 1, 1, 2]));
        // Outcomes 1, 3 and 4 are impossible: no bars there, but the line still has points.
        check_distribution(&Dist::uniform(&[0, 0, 2, 5]));
        check_distribution(&Dist::constant(3));
        check_distribution(&Dist::uniform(&[-2, -1, 0, 1]).repeat(2));
        check_distribution(&Dist::uniform(&[1, 2, 3, 4, 5, 6]).repeat(3));
    }

    #[test]
    fn p_at_least_fills_the_gaps_of_the_support() {
        let tail = at_least_every_integer(&Dist::uniform(&[0, 0, 2, 5]));
        assert_eq!(
            tail,
            vec![
                (0, 1.0),
                (1, 0.5),
                (2, 0.5),
                (3, 0.25),
                (4, 0.25),
                (5, 0.25)
            ]
        );
    }

    #[test]
    fn curves_chart_has_a_line_per_series_and_their_names() {
        let x: Vec<i64> = (2..=9).collect();
        let series: Vec<(String, Vec<f64>)> = (1..=3)
            .map(|k| {
                let ys = x.iter().map(|&n| 1.0 - (k as f64 / 10.0).powi(n as i32));
                (format!("at least {k}"), ys.collect())
            })
            .collect();
        let svg = curves_svg("Pools", "dice", "probability", &x, &series).unwrap();
        let doc = parse(&svg);

        for (i, (name, ys)) in series.iter().enumerate() {
            let lines: Vec<_> = elements(&doc, "polyline")
                .filter(|n| has_colour(*n, "stroke", colour(i)))
                .collect();
            let plotted: Vec<_> = lines.iter().filter(|n| !in_legend(**n)).collect();
            assert_eq!(plotted.len(), 1, "one line for {name}");
            assert_eq!(points(*plotted[0]).len(), ys.len());
            assert_eq!(lines.len() - plotted.len(), 1, "one swatch for {name}");
            assert_has_text(&doc, name);
        }
        for want in ["Pools", "dice", "probability"] {
            assert_has_text(&doc, want);
        }
    }

    #[test]
    fn curves_leave_out_values_that_are_not_finite() {
        let x = [0, 1, 2, 3];
        let series = [
            ("mean".to_string(), vec![0.5, f64::NAN, 2.5, 4.0]),
            ("spread".to_string(), vec![-1.0, 0.0, f64::INFINITY, 1.0]),
        ];
        let svg = curves_svg("Means", "dice", "expected hits", &x, &series).unwrap();
        let doc = parse(&svg);
        for (i, (_, ys)) in series.iter().enumerate() {
            let plotted: Vec<_> = elements(&doc, "polyline")
                .filter(|n| has_colour(*n, "stroke", colour(i)) && !in_legend(*n))
                .collect();
            assert_eq!(plotted.len(), 1);
            let finite = ys.iter().filter(|y| y.is_finite()).count();
            assert_eq!(points(plotted[0]).len(), finite);
        }
        assert_has_text(&doc, "expected hits");
    }

    #[test]
    fn charts_are_deterministic() {
        let d = Dist::uniform(&[0, 1, 1, 2]).repeat(4);
        assert_eq!(
            distribution_svg("t", "x", &d).unwrap(),
            distribution_svg("t", "x", &d).unwrap()
        );
        let x = [1, 2, 3];
        let series = [("a".to_string(), vec![0.1, 0.2, 0.3])];
        assert_eq!(
            curves_svg("t", "x", "y", &x, &series).unwrap(),
            curves_svg("t", "x", "y", &x, &series).unwrap()
        );
    }

    #[test]
    fn texts_are_escaped_and_control_characters_dropped() {
        let title = r#"<b> & "quotes" 'too'"#;
        let svg = distribution_svg(title, "a\u{0}b", &Dist::constant(1)).unwrap();
        let doc = parse(&svg);
        assert_has_text(&doc, title);
        assert_has_text(&doc, "a b");
    }

    #[test]
    fn curves_reject_missing_or_mismatched_data() {
        let none: [(String, Vec<f64>); 0] = [];
        assert!(matches!(
            curves_svg("t", "x", "y", &[], &none),
            Err(Error::Chart(_))
        ));
        let short = [("a".to_string(), vec![0.5])];
        let err = curves_svg("t", "x", "y", &[1, 2], &short).unwrap_err();
        assert!(err.to_string().contains("'a' has 1 values for 2 x values"));
        // No series at all is an empty chart, not an error.
        assert!(curves_svg("t", "x", "y", &[1, 2], &none).is_ok());
    }

    #[test]
    fn integer_ticks_step_by_1_2_5() {
        assert_eq!(integer_ticks(3, 3), vec![3.0]);
        assert_eq!(
            integer_ticks(3, 18),
            (3..=18).map(f64::from).collect::<Vec<_>>()
        );
        assert_eq!(
            integer_ticks(0, 16),
            (0..=8).map(|i| f64::from(2 * i)).collect::<Vec<_>>()
        );
        assert_eq!(
            integer_ticks(-7, 30),
            vec![-5.0, 0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]
        );
        assert_eq!(integer_ticks(0, 200).len(), 11);
        assert!(integer_ticks(i64::MIN, i64::MAX).len() <= MAX_X_TICKS);
    }

    #[test]
    fn y_ticks_are_round() {
        let (ticks, decimals) = nice_ticks(0.0, 1.0);
        assert_eq!(ticks.len(), 11);
        assert_eq!(decimals, 1);
        let labels: Vec<String> = nice_ticks(-0.3, 3.4)
            .0
            .iter()
            .map(|t| format_tick(*t, 1))
            .collect();
        assert_eq!(labels, ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0"]);
        assert_eq!(
            nice_ticks(0.0, 250.0),
            ((0..=5).map(|i| f64::from(50 * i)).collect(), 0)
        );
        assert_eq!(format_tick(-0.0001, 2), "0.00");
    }
}
