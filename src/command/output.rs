//! How a command's result is printed: the output options every attack-like command shares, and
//! the answer a front end prints or sends.

use crate::error::Error;
use crate::plot;
use crate::render::{Format, Options};
use crate::report::answer::{Printable, View};
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::dist::Dist;
use serde::Deserialize;
use std::path::PathBuf;

/// What a command produced: the text to print, its media type, and a chart to write if asked.
#[derive(Debug)]
pub struct Answer {
    pub body: String,
    /// The HTTP content type of `body`.
    pub media_type: &'static str,
    /// An SVG chart and the `--plot` file it goes to.
    pub plot: Option<(PathBuf, String)>,
    /// `check` rejected the samples (the command line exits with 1).
    pub rejected: bool,
}

impl Answer {
    pub(crate) fn new(body: String, media_type: &'static str) -> Answer {
        Answer {
            body,
            media_type,
            plot: None,
            rejected: false,
        }
    }
}

/// How results are printed.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct OutputArgs {
    /// Output format (svg: the main distribution as a chart)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = FormatArg::Text))]
    pub format: FormatArg,
    /// Show exact fractions beside percentages (JSON and YAML are always exact)
    #[cfg_attr(feature = "native", arg(long))]
    pub exact: bool,
    /// Decimal places of the numbers in CSV output (--exact prints fractions instead)
    #[cfg_attr(feature = "native", arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u8).range(0..=20)))]
    pub digits: u8,
    /// Text and documents also list the rule options left at their defaults
    #[cfg_attr(feature = "native", arg(long))]
    pub verbose: bool,
    /// Also draw the main distribution (bars, with P(≥ k) as a line) as an SVG chart in this
    /// file; --format html shows it in the page too
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE.svg", value_hint = clap::ValueHint::FilePath))]
    pub plot: Option<PathBuf>,
}

impl OutputArgs {
    /// The work of printing exact distributions of `words` 64-bit words in all (`Game::words`)
    /// in this format, in `Game::cost`'s units: a big fraction's digits cost more than their
    /// words, so the work grows as words^1.3. Fitted on `swtcg attack` with Power 300 and 1000
    /// (docs/performance.md): JSON and YAML print every fraction, CSV and `--exact` every
    /// number in full, the others a page of rounded rows.
    pub(crate) fn render_cost(&self, words: u64) -> u64 {
        let per = match (self.format, self.exact) {
            (FormatArg::Json, _) => 0.40,
            (FormatArg::Yaml, _) => 0.45,
            (FormatArg::Csv, _) | (_, true) => 0.30,
            _ => 0.01,
        };
        (per * (words as f64).powf(1.3)).ceil() as u64
    }

    /// The renderers' options these arguments ask for.
    pub(crate) fn options(&self) -> Options {
        Options {
            exact: self.exact,
            digits: usize::from(self.digits),
            verbose: self.verbose,
            chart: None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum FormatArg {
    Text,
    Json,
    Yaml,
    Csv,
    Markdown,
    Latex,
    Html,
    Svg,
}

impl FormatArg {
    /// The renderer's format; `None` for the chart.
    pub(crate) fn format(self) -> Option<Format> {
        Some(match self {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Yaml => Format::Yaml,
            FormatArg::Csv => Format::Csv,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Latex => Format::Latex,
            FormatArg::Html => Format::Html,
            FormatArg::Svg => return None,
        })
    }

    /// The HTTP content type of this format.
    pub fn media_type(self) -> &'static str {
        match self {
            FormatArg::Text => "text/plain; charset=utf-8",
            FormatArg::Json => "application/json",
            FormatArg::Yaml => "application/yaml; charset=utf-8",
            FormatArg::Csv => "text/csv; charset=utf-8",
            FormatArg::Markdown => "text/markdown; charset=utf-8",
            FormatArg::Latex => "application/x-latex; charset=utf-8",
            FormatArg::Html => "text/html; charset=utf-8",
            FormatArg::Svg => "image/svg+xml",
        }
    }

    /// The spelling `--format` reads (serde's, which is clap's).
    pub(crate) fn name(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => name,
            _ => String::new(),
        }
    }
}

/// The listings' output: the table for people, or JSON (what the server's GET endpoints send).
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct ListingArgs {
    /// Output format
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = ListingFormat::Text))]
    pub format: ListingFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ListingFormat {
    Text,
    Json,
}

impl ListingArgs {
    /// The listing as text, or `json` pretty-printed.
    pub(crate) fn answer(&self, text: String, json: impl serde::Serialize) -> Answer {
        match self.format {
            ListingFormat::Text => Answer::new(text, FormatArg::Text.media_type()),
            ListingFormat::Json => Answer::new(
                serde_json::to_string_pretty(&json).expect("typed listings serialize") + "\n",
                FormatArg::Json.media_type(),
            ),
        }
    }
}

/// A chart of one distribution: its title, the axis label, the distribution.
pub(crate) type Chart<'a> = (&'a str, &'a str, &'a Dist);

/// Renders the answer in the chosen format (the chart for svg), with the chart for `--plot`.
pub(crate) fn finish(
    answer: &dyn Printable,
    output: &OutputArgs,
    (title, label, dist): Chart,
) -> Result<Answer, Error> {
    let svg = || plot::distribution_svg(title, label, dist);
    render(
        answer,
        output.format,
        output.options(),
        output.plot.as_ref(),
        svg,
    )
}

/// Renders in `format` (`svg`: the chart itself); with a `plot` file, the chart goes there and
/// into an HTML page.
pub(crate) fn render(
    what: &dyn Printable,
    format: FormatArg,
    mut options: Options,
    plot: Option<&PathBuf>,
    svg: impl Fn() -> Result<String, Error>,
) -> Result<Answer, Error> {
    let chart = plot.map(|_| svg()).transpose()?;
    let body = match format.format() {
        Some(f) => {
            if f == Format::Html {
                options.chart.clone_from(&chart);
            }
            f.renderer().render(what, &options)
        }
        None => svg()?,
    };
    let mut answer = Answer::new(body, format.media_type());
    answer.plot = plot.cloned().zip(chart);
    Ok(answer)
}
/// A card listing in its format: text as a block per card of its grid, the others as any
/// answer.
pub(super) fn listing(answer: &dyn Printable, format: CardsFormat) -> Answer {
    let options = crate::render::Options::default();
    let format = format.output();
    let body = match format.format() {
        Some(Format::Text) => match answer.view() {
            View::Grid(grid) => crate::render::records(&grid, &options),
            View::Report(_) => Format::Text.renderer().render(answer, &options),
        },
        Some(f) => f.renderer().render(answer, &options),
        None => unreachable!("the listing has no chart format"),
    };
    Answer::new(body, format.media_type())
}

/// The card listing's formats: every output format but the chart.
#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum CardsFormat {
    Text,
    Json,
    Yaml,
    Csv,
    Markdown,
    Latex,
    Html,
}

impl CardsFormat {
    fn output(self) -> FormatArg {
        match self {
            CardsFormat::Text => FormatArg::Text,
            CardsFormat::Json => FormatArg::Json,
            CardsFormat::Yaml => FormatArg::Yaml,
            CardsFormat::Csv => FormatArg::Csv,
            CardsFormat::Markdown => FormatArg::Markdown,
            CardsFormat::Latex => FormatArg::Latex,
            CardsFormat::Html => FormatArg::Html,
        }
    }
}
