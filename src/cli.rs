//! Command-line arguments and their dispatch. Every user error ends here: one line on stderr and
//! exit status 2.

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use holodice::render::{Format, Options};
use holodice::swtcg::{self, rules::Rules, spec::Unit};
use holodice::table::{self, TableSpec};
use holodice::{plot, Error};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(
    name = "holodice",
    version,
    about = "Exact odds for Star Wars tabletop dice",
    long_about = "Exact odds for Star Wars tabletop dice.\n\n\
        holodice computes exact probability distributions (fractions, never sampling) for attacks \
        in the Star Wars Trading Card Game and Star Wars: Legion, and tables of them.\n\n\
        Examples:\n  holodice swtcg attack --attacker \"Power 5, Accuracy 1, Critical Hit 2\" \
        --defender \"Health 4, Armor\"\n  holodice legion attack --attacker \"4 red, surge crit, \
        aim 1\" --defender \"white defense, cover light\"\n  holodice table swtcg --rows \
        \"Power 1..10\" --cols \"Accuracy -1..2\" --stat mean --format markdown"
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
    /// Star Wars: Legion
    #[command(subcommand)]
    Legion(LegionCommand),
    /// A table of one statistic over ranges of SPEC items, for rulebooks and guides
    #[command(after_long_help = TABLE_HELP)]
    Table(TableArgs),
}

const TABLE_HELP: &str = "A RANGE item is a SPEC item with an inclusive range in place of its \
number: 'Power 1..10', 'Accuracy -1..2', 'red 1..6', 'cover 0..2'. Each cell is the attack query \
with the base SPECs plus that row's and column's item (replacing the same item in the base SPEC). \
SWTCG items go to the attacker unless prefixed 'defender:' ('defender: Health 1..6'); Legion \
items go to the SPEC their keyword belongs to, or use the prefix.

STAT (of the damage in SWTCG, the wounds in Legion): mean, destroyed (SWTCG), atleast:K, pmf:K, mode.

A table spec file (--spec FILE, YAML) has the fields game, title, attacker, defender, guardian, \
rows, cols, stat, rules, edition, policy, objective; data/tables/ holds examples.

Examples:
  holodice table swtcg --rows \"Power 1..10\" --cols \"Accuracy -1..2\" --stat mean --format markdown
  holodice table swtcg --defender \"Health 4\" --rows \"Power 1..8\" --cols \"Critical Hit 0..2\" --stat destroyed
  holodice table legion --defender \"white defense, surge block\" --rows \"red 1..6\" --cols \"cover 0..2\" --stat mean
  holodice table --spec data/tables/swtcg-damage-by-power-and-accuracy.yaml --plot damage.svg
";

#[derive(Args)]
struct TableArgs {
    /// The game: swtcg or legion (or given by --spec)
    #[arg(value_enum, required_unless_present = "spec")]
    game: Option<GameArg>,
    /// A YAML table spec file; the table's other options come from it
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "rows", "cols", "attacker", "defender", "guardian", "stat", "rules", "edition", "policy", "objective"])]
    spec: Option<PathBuf>,
    /// The base attacker SPEC
    #[arg(long, value_name = "SPEC", default_value = "")]
    attacker: String,
    /// The base defender SPEC
    #[arg(long, value_name = "SPEC", default_value = "")]
    defender: String,
    /// A guarding unit (Legion)
    #[arg(long, value_name = "SPEC")]
    guardian: Option<String>,
    /// The row item and its range, e.g. "Power 1..10"
    #[arg(long, value_name = "ITEM RANGE", required_unless_present = "spec")]
    rows: Option<String>,
    /// The column item and its range, e.g. "Accuracy -1..2"
    #[arg(long, value_name = "ITEM RANGE")]
    cols: Option<String>,
    /// The statistic in each cell: mean, destroyed, atleast:K, pmf:K or mode
    #[arg(long, default_value = "mean")]
    stat: String,
    /// SWTCG rule options, e.g. --rule auto-hit=yes (repeatable)
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    /// Legion rules edition: amg-2024 or amg-2021
    #[arg(long)]
    edition: Option<String>,
    /// Legion policy: greedy or optimal
    #[arg(long)]
    policy: Option<String>,
    /// What the optimal Legion policy maximises: mean or atleast:K
    #[arg(long)]
    objective: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Exact fractions in every cell (JSON is always exact)
    #[arg(long)]
    exact: bool,
    /// Decimal places of cells shown as decimals
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=20))]
    digits: u8,
    /// Also draw the table as an SVG chart (one curve per column) in this file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum GameArg {
    Swtcg,
    Legion,
}

#[derive(Subcommand)]
enum LegionCommand {
    /// The exact outcome of one attack: wounds, attack results, Deflect and Guardian wounds
    #[command(after_long_help = LEGION_HELP)]
    Attack(LegionArgs),
    /// List every SPEC item, its step in the attack sequence and its status (a Markdown table)
    Keywords,
}

const LEGION_HELP: &str = "SPECs are comma-separated lists, in any case. Attacker: '4 red', \
'2 black', '1 white', 'surge hit' or 'surge crit', 'aim 1', 'observation 1', 'surge tokens 1', \
'Precise 1', 'Critical 1', 'Pierce 1', 'Impact 1', 'Lethal 1', 'Sharpshooter 1', 'High Velocity', \
'Blast', 'melee'. Defender: 'red defense' or 'white defense' (required), 'surge block', 'dodge 1', \
'surge tokens 1', 'cover light' / 'cover heavy' / 'cover 0..2', 'Cover keyword 1', \
'suppression 1', 'courage 1', 'Low Profile', 'Armor', 'Armor 1', 'Shielded 1', 'Impervious', \
'Immune: Pierce', 'Danger Sense 1', 'Uncanny Luck 1', 'Block', 'Outmaneuver', 'Deflect', 'Backup'. \
Guardian: 'Guardian 2, red defense, surge block, Deflect'. docs/legion.md gives the sequence, \
the greedy policy's exact choices and the optimal policy.

Example:
  holodice legion attack --attacker \"4 red, 2 black, surge crit, aim 1, Pierce 1\" --defender \"white defense, surge block, cover light, dodge 1\"
";

#[derive(Args)]
struct LegionArgs {
    /// The attacking unit's pool and keywords, e.g. "4 red, 2 black, surge crit, aim 1"
    #[arg(long, value_name = "SPEC")]
    attacker: String,
    /// The defending unit, e.g. "white defense, surge block, cover light, dodge 1"
    #[arg(long, value_name = "SPEC")]
    defender: String,
    /// A unit guarding the defender, e.g. "Guardian 2, red defense, surge block, Deflect"
    #[arg(long, value_name = "SPEC")]
    guardian: Option<String>,
    /// Rules edition: amg-2024 (rolled cover) or amg-2021 (cover cancels hits)
    #[arg(long, value_enum, default_value_t = EditionArg::Amg2024)]
    edition: EditionArg,
    /// Who makes the choices the rules leave to the players
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    policy: PolicyArg,
    /// What the optimal policy maximises: mean (expected wounds) or atleast:K (the chance of at
    /// least K wounds)
    #[arg(long, value_name = "OBJECTIVE", default_value = "mean")]
    objective: String,
    /// Output format
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Show exact fractions beside percentages (JSON and YAML are always exact)
    #[arg(long)]
    exact: bool,
    /// Also draw the main distribution (bars, with P(≥ k) as a line) as an SVG chart in this file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum EditionArg {
    #[value(name = "amg-2024")]
    Amg2024,
    #[value(name = "amg-2021")]
    Amg2021,
}

#[derive(Clone, Copy, ValueEnum)]
enum PolicyArg {
    /// Fixed choices that match what players do (docs/legion.md)
    Greedy,
    /// Expectimax rerolls: the attacker maximises the objective, the defender minimises it
    Optimal,
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
    /// Also draw the main distribution (bars, with P(≥ k) as a line) as an SVG chart in this file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
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
    Latex,
    Html,
}

impl FormatArg {
    fn format(self) -> Format {
        match self {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Yaml => Format::Yaml,
            FormatArg::Csv => Format::Csv,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Latex => Format::Latex,
            FormatArg::Html => Format::Html,
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
        Game::Legion(LegionCommand::Attack(a)) => legion_attack(&a),
        Game::Legion(LegionCommand::Keywords) => Ok(holodice::legion::spec::coverage_markdown()),
        Game::Table(a) => table_command(&a),
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
    if let Some(path) = &a.plot {
        let title = format!("SWTCG attack: {}", attacker.describe());
        write_plot(
            path,
            plot::distribution_svg(&title, "damage counters on the defender", &result.damage),
        )?;
    }
    let options = Options {
        exact: a.exact,
        ..Options::default()
    };
    Ok(a.format.format().renderer().render(&report, &options))
}

/// Writes an SVG chart whole or not at all: to a temporary file beside it, then renamed.
fn write_plot(path: &Path, svg: Result<String, Error>) -> Result<(), Error> {
    let svg = svg?;
    let fail =
        |e: std::io::Error| Error::File(format!("cannot write --plot {}: {e}", path.display()));
    let name = path
        .file_name()
        .ok_or_else(|| Error::File(format!("--plot {}: give a file name", path.display())))?;
    let temp = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    let written = std::fs::File::create(&temp)
        .and_then(|mut f| f.write_all(svg.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    Ok(())
}

fn table_command(a: &TableArgs) -> Result<String, Error> {
    let spec = match &a.spec {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::File(format!("cannot read --spec {}: {e}", path.display())))?;
            holodice::data::parse::<TableSpec>(&path.display().to_string(), &text)?
        }
        None => TableSpec {
            game: match a.game.expect("clap requires a game without --spec") {
                GameArg::Swtcg => table::Game::Swtcg,
                GameArg::Legion => table::Game::Legion,
            },
            title: None,
            attacker: a.attacker.clone(),
            defender: a.defender.clone(),
            guardian: a.guardian.clone(),
            rows: a.rows.clone().expect("clap requires --rows without --spec"),
            cols: a.cols.clone(),
            stat: a.stat.clone(),
            rules: a.rules.clone(),
            edition: a.edition.clone(),
            policy: a.policy.clone(),
            objective: a.objective.clone(),
        },
    };
    let t = table::compute(&spec)?;
    if let Some(path) = &a.plot {
        let series: Vec<(String, Vec<f64>)> = if t.cols.is_empty() {
            vec![(
                t.stat.name(),
                t.cells
                    .iter()
                    .map(|r| holodice::dist::to_f64(&r[0]))
                    .collect(),
            )]
        } else {
            let label = t.col_label.clone().unwrap_or_default();
            t.cols
                .iter()
                .enumerate()
                .map(|(j, c)| {
                    let ys = t
                        .cells
                        .iter()
                        .map(|r| holodice::dist::to_f64(&r[j]))
                        .collect();
                    (format!("{label} {c}"), ys)
                })
                .collect()
        };
        write_plot(
            path,
            plot::curves_svg(&t.title, &t.row_label, &t.stat.name(), &t.rows, &series),
        )?;
    }
    let options = Options {
        exact: a.exact,
        digits: usize::from(a.digits),
    };
    Ok(a.format.format().renderer().render_table(&t, &options))
}

fn legion_attack(a: &LegionArgs) -> Result<String, Error> {
    use holodice::legion::{
        self, attack::Edition, attack::Policy, optimal::Objective, spec::Scenario,
    };
    let scenario = Scenario::parse(&a.attacker, &a.defender, a.guardian.as_deref())?;
    let edition = match a.edition {
        EditionArg::Amg2024 => Edition::Amg2024,
        EditionArg::Amg2021 => Edition::Amg2021,
    };
    let objective =
        Objective::parse(&a.objective).map_err(|e| Error::Missing(format!("--objective {e}")))?;
    let policy = match a.policy {
        PolicyArg::Greedy => Policy::Greedy,
        PolicyArg::Optimal => Policy::Optimal(objective),
    };
    let result = legion::attack::attack(&scenario, edition, policy)?;
    if let Some(path) = &a.plot {
        let title = format!("Legion attack: {}", a.attacker.trim());
        write_plot(
            path,
            plot::distribution_svg(&title, "wounds on the defender", &result.wounds),
        )?;
    }
    let report = legion::attack_report(
        [
            ("attacker", Some(a.attacker.as_str())),
            ("defender", Some(a.defender.as_str())),
            ("guardian", a.guardian.as_deref()),
        ],
        edition,
        policy,
        &result,
    );
    let options = Options {
        exact: a.exact,
        ..Options::default()
    };
    Ok(a.format.format().renderer().render(&report, &options))
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
