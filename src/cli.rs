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
    /// Star Wars: Legion
    #[command(subcommand)]
    Legion(LegionCommand),
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
        Game::Legion(LegionCommand::Attack(a)) => legion_attack(&a),
        Game::Legion(LegionCommand::Keywords) => Ok(holodice::legion::spec::coverage_markdown()),
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
