//! Command-line arguments and their dispatch. Every user error ends here: one line on stderr and
//! exit status 2.

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use holodice::render::{Format, Options};
use holodice::swtcg::{self, rules::Rules, spec::Unit};
use holodice::Error;
use std::ffi::OsString;

#[derive(Parser)]
#[command(
    name = "holodice",
    version,
    about = "Exact odds for Star Wars tabletop dice",
    long_about = "Exact odds for Star Wars tabletop dice.\n\n\
        holodice computes exact probability distributions (fractions, never sampling) for attacks \
        in the Star Wars Trading Card Game.\n\n\
        Example:\n  holodice swtcg attack --attacker \"Power 5, Accuracy 1, Critical Hit 2\" \
        --defender \"Health 4, Armor\""
)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Star Wars Trading Card Game
    #[command(subcommand)]
    Swtcg(SwtcgCommand),
}

#[derive(Subcommand)]
enum SwtcgCommand {
    /// The exact outcome of one attack: hits, damage, chance to destroy, trigger chances
    #[command(after_long_help = attack_help())]
    Attack(AttackArgs),
    /// List every keyword and how it is modelled (a Markdown table)
    Keywords,
    /// List the rule options (readings the rules leave open) with their values
    Rules,
}

#[derive(Args)]
struct AttackArgs {
    /// The attacking unit, e.g. "Power 5, Accuracy 1, Critical Hit 2, Fury 1"
    #[arg(long, value_name = "SPEC")]
    attacker: String,
    /// The defending unit, e.g. "Health 4, Armor, Shields 1, Damage 1" (default: no keywords)
    #[arg(long, value_name = "SPEC", default_value = "")]
    defender: String,
    /// Output format
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Show exact fractions beside percentages (JSON and YAML are always exact)
    #[arg(long)]
    exact: bool,
    /// Choose a reading the rules leave open, e.g. --rule auto-hit=yes (repeatable; see
    /// `holodice swtcg rules`)
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Yaml,
    Csv,
    Markdown,
}

impl FormatArg {
    fn format(self) -> Format {
        match self {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Yaml => Format::Yaml,
            FormatArg::Csv => Format::Csv,
            FormatArg::Markdown => Format::Markdown,
        }
    }
}

fn attack_help() -> String {
    let mut s = String::from(
        "SPEC is a comma-separated list, in any case: 'Power N', 'Health N', 'Damage N' (counters \
         already on the unit), 'Tapped', and keywords with their value ('Accuracy -1', 'Armor', \
         'Critical Hit 2'). `holodice swtcg keywords` lists every keyword.\n\nRule options \
         (--rule NAME=VALUE; the first value is the default):\n",
    );
    for o in swtcg::rules::OPTIONS {
        s.push_str(&format!(
            "  {} = {}\n      {}\n",
            o.name,
            o.values.join(" | "),
            o.summary
        ));
    }
    s.push_str(
        "\nExamples:\n  holodice swtcg attack --attacker \"Power 5, Accuracy 1, Critical Hit 2\" \
         --defender \"Health 4, Armor\"\n  holodice swtcg attack --attacker \"Power 6, Fury 2\" \
         --defender \"Health 5, Parry 1\" --format json\n",
    );
    s
}

/// Runs the command line; returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match cli.game {
        Game::Swtcg(SwtcgCommand::Attack(a)) => attack(&a),
        Game::Swtcg(SwtcgCommand::Keywords) => Ok(swtcg::keywords::coverage_markdown()),
        Game::Swtcg(SwtcgCommand::Rules) => Ok(rules_listing()),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            0
        }
        Err(e) => {
            eprintln!("holodice: error: {}", one_line(&e.to_string()));
            2
        }
    }
}

/// clap's own errors, brought down to one line (its tip kept); help and version print as usual.
fn usage_error(e: clap::Error) -> i32 {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {
            // clap's message: the error, maybe the missing arguments or a tip, then usage lines.
            let text = e.to_string();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            let message = lines.iter().fold(String::new(), |m, l| {
                let glue = match () {
                    _ if m.is_empty() => "",
                    _ if m.ends_with(':') => " ",
                    _ => "; ",
                };
                m + glue + l
            });
            eprintln!("holodice: {message}; see 'holodice --help'");
            2
        }
    }
}

/// User text echoed in a message must not break it over lines.
fn one_line(message: &str) -> String {
    message.replace('\r', "\\r").replace('\n', "\\n")
}

fn attack(a: &AttackArgs) -> Result<String, Error> {
    let attacker = Unit::parse("attacker", &a.attacker)?;
    let defender = Unit::parse("defender", &a.defender)?;
    let mut rules = Rules::default();
    for r in &a.rules {
        rules.set(r)?;
    }
    let result = swtcg::attack::attack(&attacker, &defender, &rules)?;
    let report = swtcg::attack_report(&attacker, &defender, &rules, &result);
    Ok(a.format
        .format()
        .renderer()
        .render(&report, &Options { exact: a.exact }))
}

fn rules_listing() -> String {
    swtcg::rules::OPTIONS
        .iter()
        .map(|o| {
            format!(
                "{} = {} (default {})\n    {}\n",
                o.name,
                o.values.join(" | "),
                o.values[0],
                o.summary
            )
        })
        .collect()
}
