//! Command-line arguments and their dispatch. Every user error ends here: one line on stderr and
//! exit status 2.

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use holodice::legion::{attack::Edition, attack::Policy, optimal::Objective, spec::Scenario};
use holodice::render::{Format, Options};
use holodice::report::{Entry, Value};
use holodice::swtcg::{
    self,
    attack::Scenario as SwtcgScenario,
    cards::Cards,
    keywords::Mode,
    rules::Rules,
    sequence::{Attackers, Sequence},
    spec::{Arena, Unit},
};
use holodice::table::{self, TableSpec};
use holodice::{plot, Error};
use std::ffi::OsString;
use std::io::{Read, Write};
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
        \"Power 1..10\" --cols \"Accuracy -1..2\" --stat mean --format markdown\n  \
        holodice check --samples sim.csv swtcg --attacker \"Power 3\" --defender \"Health 2\""
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
    /// Test samples of an attack (a simulator's output, dice rolled at a table) against its exact
    /// distribution
    #[command(after_long_help = CHECK_HELP)]
    Check(CheckArgs),
}

const CHECK_HELP: &str = "The samples FILE (\"-\" reads standard input) holds one integer \
outcome per line, or outcome,count rows; blank lines are ignored, and so is a first line \
'outcome' or 'outcome,count'. The variable is the attack's main outcome unless --variable says \
otherwise: SWTCG damage (or hits, attacker_damage), Legion wounds (or attack_results, \
attacker_wounds, guardian_wounds). After the game come the arguments of its attack command \
(see 'holodice check swtcg --help').

The test bins the possible outcomes in order, merging neighbours until each bin expects at least \
5 samples, and compares the counts with the exact expectations (Pearson's chi-square, or the \
G-test), with bins - 1 degrees of freedom. An observed outcome of probability 0 is reported as \
impossible and fails the check whatever the p-value.

Exit status: 0 when the samples are consistent with the exact distribution, 1 when they are \
rejected (p-value below --alpha, or an impossible outcome), 2 for bad input.

Examples:
  holodice check --samples sim.csv swtcg --attacker \"Power 3\" --defender \"Health 2\"
  my-simulator | holodice check --samples - --format json legion --attacker \"4 red, surge crit\" --defender \"white defense, cover light\"
";

#[derive(Args)]
struct CheckArgs {
    /// The samples: one integer outcome per line, or outcome,count rows ("-" reads standard
    /// input)
    #[arg(long, value_name = "FILE")]
    samples: PathBuf,
    /// The significance level: the samples are rejected when the p-value is below it
    #[arg(long, value_name = "A", default_value = "1e-6", value_parser = parse_alpha)]
    alpha: f64,
    /// The test of fit
    #[arg(long, value_enum, default_value_t = TestArg::ChiSquare)]
    test: TestArg,
    /// Output format: text or json (may also be given after the game's arguments) [default:
    /// text]
    #[arg(long, value_enum)]
    format: Option<CheckFormatArg>,
    #[command(subcommand)]
    scenario: CheckScenario,
}

#[derive(Subcommand)]
enum CheckScenario {
    /// A SWTCG attack, given as to `holodice swtcg attack`
    #[command(
        after_long_help = attack_help(),
        mut_arg("format", check_format_help),
        mut_arg("exact", |a| a.hide(true)),
        mut_arg("plot", |a| a.hide(true))
    )]
    Swtcg(CheckSwtcgArgs),
    /// A Legion attack, given as to `holodice legion attack`
    #[command(
        after_long_help = LEGION_HELP,
        mut_arg("format", check_format_help),
        mut_arg("exact", |a| a.hide(true)),
        mut_arg("plot", |a| a.hide(true))
    )]
    Legion(CheckLegionArgs),
}

#[derive(Args)]
struct CheckSwtcgArgs {
    /// The variable the samples are of
    #[arg(long, value_enum, default_value_t = SwtcgVariable::Damage)]
    variable: SwtcgVariable,
    #[command(flatten)]
    attack: AttackArgs,
}

#[derive(Args)]
struct CheckLegionArgs {
    /// The variable the samples are of
    #[arg(long, value_enum, default_value_t = LegionVariable::Wounds)]
    variable: LegionVariable,
    #[command(flatten)]
    attack: LegionArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum TestArg {
    /// Pearson's chi-square: the sum of (observed - expected)^2 / expected
    ChiSquare,
    /// The likelihood-ratio G-test: 2 times the sum of observed ln(observed / expected)
    GTest,
}

#[derive(Clone, Copy, ValueEnum)]
enum CheckFormatArg {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum SwtcgVariable {
    /// Hits of the final attack roll
    Hits,
    /// Damage counters placed on the defender
    Damage,
    /// Damage counters placed on the attacker (Riposte)
    #[value(name = "attacker_damage", alias = "attacker-damage")]
    AttackerDamage,
}

#[derive(Clone, Copy, ValueEnum)]
enum LegionVariable {
    /// Wounds on the defender
    Wounds,
    /// Hits plus crits after rerolls and surge conversion
    #[value(name = "attack_results", alias = "attack-results")]
    AttackResults,
    /// Wounds on the attacker (Deflect)
    #[value(name = "attacker_wounds", alias = "attacker-wounds")]
    AttackerWounds,
    /// Wounds on the guardian (needs --guardian)
    #[value(name = "guardian_wounds", alias = "guardian-wounds")]
    GuardianWounds,
}

/// The attack commands' --format, as `check` takes it after the game.
fn check_format_help(a: clap::Arg) -> clap::Arg {
    a.help("Output format: text or json (as before the game) [default: text]")
        .hide_possible_values(true)
        .hide_default_value(true)
}

/// A significance level: a number strictly between 0 and 1.
fn parse_alpha(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(a) if a > 0.0 && a < 1.0 => Ok(a),
        _ => Err(format!(
            "'{s}' is not a number between 0 and 1 (exclusive), e.g. 1e-6"
        )),
    }
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
    /// Who makes the players' choices (Legion's rerolls and tokens, SWTCG's Lucky): greedy or
    /// optimal
    #[arg(long)]
    policy: Option<String>,
    /// What the optimal policy maximises: mean or atleast:K (and destroy for SWTCG)
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
    /// Roll the same attack physically, many times, and compare with the exact answer
    Simulate(SimulateLegionArgs),
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
    #[command(flatten)]
    output: OutputArgs,
}

/// What `simulate` adds to the attack's arguments.
#[derive(Args)]
struct SimulateArgs {
    /// How many attacks to roll
    #[arg(long, default_value_t = 100_000)]
    trials: u64,
    /// The random seed: the same seed gives the same rolls on every machine
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Significance level of the chi-square test against the exact distribution
    #[arg(long, default_value_t = 1e-6, value_parser = parse_alpha)]
    alpha: f64,
}

#[derive(Args)]
struct SimulateSwtcgArgs {
    #[command(flatten)]
    attack: AttackArgs,
    #[command(flatten)]
    simulate: SimulateArgs,
}

#[derive(Args)]
struct SimulateLegionArgs {
    #[command(flatten)]
    attack: LegionArgs,
    #[command(flatten)]
    simulate: SimulateArgs,
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
    /// Fixed choices that match what players do (docs/rules.md for SWTCG, docs/legion.md)
    Greedy,
    /// Expectimax rerolls: the attacker maximises the objective, the defender minimises it
    Optimal,
}

#[derive(Subcommand)]
enum SwtcgCommand {
    /// The exact outcome of one attack: hits, damage, chance to destroy, trigger chances
    #[command(after_long_help = attack_help())]
    Attack(SwtcgAttackArgs),
    /// Dice of damage on their own (Ambush, or a Retaliate looked at alone): hits, counters
    #[command(after_long_help = DICE_HELP)]
    Dice(DiceArgs),
    /// Several attacks in order against one defender: counters after each, shots to kill
    #[command(after_long_help = SEQUENCE_HELP)]
    Sequence(SequenceArgs),
    /// Roll the same attack physically, many times, and compare with the exact answer
    Simulate(SimulateSwtcgArgs),
    /// List every keyword and how it is modelled (a Markdown table)
    Keywords,
    /// List the rule options (readings the rules leave open) with their values
    Rules,
}

/// `swtcg attack`: the attack's arguments and what only the exact attack reads.
#[derive(Args)]
struct SwtcgAttackArgs {
    #[command(flatten)]
    attack: AttackArgs,
    /// Another unit in the defender's arena: Overkill's extra hits and Area Damage go to it
    #[arg(long, value_name = "SPEC")]
    secondary: Option<String>,
    /// A unit that takes the attack: it needs Intercept, or the defender Redirect (the
    /// attacker's Precision keeps the attack on the defender)
    #[arg(long, value_name = "SPEC")]
    interceptor: Option<String>,
    #[command(flatten)]
    choices: ChoiceArgs,
    /// Evaluate with and without the Enhance effects ('enhance: ITEM' items, or a card's
    /// enhance field); the main result is with them paid
    #[arg(long)]
    enhance: bool,
}

/// How an attack is made: arena mode and the re-roll policy.
#[derive(Args)]
struct ChoiceArgs {
    /// Attack into the other arena with the attacker's Bombard X (space attacks ground) or Ion
    /// Cannon X (ground attacks space) as its power
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// Who chooses the Lucky re-rolls: greedy (fixed choices, docs/rules.md) or optimal
    /// (expectimax: the attacker maximises the objective, the defender minimises it)
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    policy: PolicyArg,
    /// What the optimal policy maximises: mean (expected counters on the defender), destroy (the
    /// chance to discard it) or atleast:K (the chance of at least K counters)
    #[arg(long, value_name = "OBJECTIVE", default_value = "mean")]
    objective: String,
}

impl ChoiceArgs {
    fn mode(&self) -> Option<Mode> {
        self.mode.map(|m| match m {
            ModeArg::Bombard => Mode::Bombard,
            ModeArg::IonCannon => Mode::IonCannon,
        })
    }

    fn policy(&self) -> swtcg::lucky::Policy {
        match self.policy {
            PolicyArg::Greedy => swtcg::lucky::Policy::Greedy,
            PolicyArg::Optimal => swtcg::lucky::Policy::Optimal,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Bombard,
    IonCannon,
}

#[derive(Clone, Copy, ValueEnum)]
enum ArenaArg {
    Space,
    Ground,
    Character,
}

const DICE_HELP: &str = "Dice of damage are not an attack: each die hits on 4+ (5+ against \
Armor); Accuracy, Critical Hit, Parry and the other attack-roll keywords don't apply. The target's \
Evade, Absorb and Deflect prevent damage unless --unpreventable (the source has Ferocity).

Examples:
  holodice swtcg dice --count 3 --target \"Health 2, Armor\"
  holodice swtcg dice --count 2 --target \"@Red Squadron X-wing\" --format json
";

#[derive(Args)]
struct DiceArgs {
    /// How many dice of damage (the X of Ambush X, Retaliate X, ...)
    #[arg(long, value_name = "X", allow_negative_numbers = true)]
    count: i64,
    /// The unit they are rolled at, e.g. "Health 3, Armor, Evade 1"
    #[arg(long, value_name = "SPEC")]
    target: String,
    /// The source has Ferocity: the damage can't be prevented
    #[arg(long)]
    unpreventable: bool,
    #[command(flatten)]
    units: UnitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

const SEQUENCE_HELP: &str = "One --attacker with --attacks N: the same unit attacks N times; its \
damage counters, Focus, Absorb and Surge power for its next attack and the defender's Stun \
carry over. Several --attacker: each attacks once, in order, and only Surge's power passes to the \
next attacker. The defender's counters carry throughout; the sequence stops when it is \
discarded. docs/rules.md states each reading.

Examples:
  holodice swtcg sequence --attacker \"Power 8\" --attacks 10 --defender \"Health 30\"
  holodice swtcg sequence --attacker \"Power 4, Focus 2\" --attacker \"Power 3\" --defender \"Health 5, Armor\"
";

#[derive(Args)]
struct SequenceArgs {
    /// An attacking unit (repeat for several attackers, one attack each)
    #[arg(long, value_name = "SPEC", required = true)]
    attacker: Vec<String>,
    /// How many times a single --attacker attacks
    #[arg(long, value_name = "N")]
    attacks: Option<usize>,
    /// The defending unit, e.g. "Health 6, Armor"
    #[arg(long, value_name = "SPEC")]
    defender: String,
    #[command(flatten)]
    choices: ChoiceArgs,
    /// Choose a reading the rules leave open, e.g. --rule auto-hit=yes (repeatable; see
    /// `holodice swtcg rules`)
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    #[command(flatten)]
    units: UnitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Where named units come from and where units are.
#[derive(Args)]
struct UnitArgs {
    /// A YAML card file whose units SPECs may name as '@Name' (repeatable; the example cards in
    /// data/swtcg/cards.yaml are always available)
    #[arg(long = "cards", value_name = "FILE")]
    cards: Vec<PathBuf>,
    /// The attacker's arena, for Switch effects written 'space: ITEM'; with --mode the defender
    /// is in the other arena
    #[arg(long, value_enum)]
    arena: Option<ArenaArg>,
}

/// How results are printed.
#[derive(Args)]
struct OutputArgs {
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

#[derive(Args)]
struct AttackArgs {
    /// The attacking unit, e.g. "Power 5, Accuracy 1, Critical Hit 2, Fury 1"
    #[arg(long, value_name = "SPEC")]
    attacker: String,
    /// The defending unit, e.g. "Health 4, Armor, Shields 1, Damage 1" (default: no keywords)
    #[arg(long, value_name = "SPEC", default_value = "")]
    defender: String,
    #[command(flatten)]
    output: OutputArgs,
    /// Choose a reading the rules leave open, e.g. --rule auto-hit=yes (repeatable; see
    /// `holodice swtcg rules`)
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    #[command(flatten)]
    units: UnitArgs,
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
         'Critical Hit 2'). `holodice swtcg keywords` lists every keyword.\n\n\
         '@Name' brings in a unit from a card file (--cards FILE; the examples in \
         data/swtcg/cards.yaml are built in); later items override its statistics. \
         'space: ITEM' (or ground:, character:) applies only in that arena (Switch; --arena picks \
         it), 'enhance: ITEM' only with the Enhance cost paid (--enhance computes both).\n\n\
         Lucky on either unit re-rolls by --policy: greedy (fixed orders, docs/rules.md) or \
         optimal (the attacker maximises --objective, the defender minimises it). Avenge X on \
         the defender stands for an ally's Avenge.\n\nRule options \
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
         --defender \"Health 5, Parry 1\" --format json\n  holodice swtcg attack --attacker \
         \"Power 5, Overkill\" --defender \"Health 2\" --secondary \"Health 3\"\n  holodice \
         swtcg attack --attacker \"Power 4, Lucky 1\" --defender \"Health 3, Lucky 1\" --policy \
         optimal --objective destroy\n  holodice swtcg attack --attacker \"@Red Squadron X-wing, \
         Damage 1\" --defender \"Health 4, Retaliate 2\"\n",
    );
    s
}

/// Runs the command line; returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // Only `check` exits with 1: its samples were rejected.
    let mut status = 0;
    let result = match cli.game {
        Game::Check(a) => check_command(&a).map(|(out, consistent)| {
            status = if consistent { 0 } else { 1 };
            out
        }),
        Game::Swtcg(SwtcgCommand::Attack(a)) => attack(&a),
        Game::Swtcg(SwtcgCommand::Dice(a)) => dice_command(&a),
        Game::Swtcg(SwtcgCommand::Sequence(a)) => sequence_command(&a),
        Game::Swtcg(SwtcgCommand::Keywords) => Ok(swtcg::keywords::coverage_markdown()),
        Game::Swtcg(SwtcgCommand::Rules) => Ok(rules_listing()),
        Game::Legion(LegionCommand::Attack(a)) => legion_attack(&a),
        Game::Legion(LegionCommand::Keywords) => Ok(holodice::legion::spec::coverage_markdown()),
        Game::Table(a) => table_command(&a),
        Game::Swtcg(SwtcgCommand::Simulate(a)) => simulate_swtcg(&a),
        Game::Legion(LegionCommand::Simulate(a)) => simulate_legion(&a),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            status
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

/// The card files given, on top of the built-in example cards.
fn load_cards(files: &[PathBuf]) -> Result<Cards, Error> {
    let mut cards = Cards::builtin().clone();
    for f in files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| Error::File(format!("cannot read --cards {}: {e}", f.display())))?;
        cards.add(Cards::load(&f.display().to_string(), &text)?);
    }
    Ok(cards)
}

/// The attacker's and the defender's arenas: the same, or across arenas with --mode.
fn arenas(arena: Option<ArenaArg>, mode: Option<Mode>) -> Result<[Option<Arena>; 2], Error> {
    let arena = arena.map(|a| match a {
        ArenaArg::Space => Arena::Space,
        ArenaArg::Ground => Arena::Ground,
        ArenaArg::Character => Arena::Character,
    });
    let (from, to, flag) = match mode {
        None => return Ok([arena, arena]),
        Some(Mode::Bombard) => (Arena::Space, Arena::Ground, "bombard"),
        Some(Mode::IonCannon) => (Arena::Ground, Arena::Space, "ion-cannon"),
    };
    match arena {
        Some(a) if a != from => Err(Error::Input(format!(
            "--mode {flag} attacks from the {} arena, not from {}: drop --arena or give --arena {}",
            from.name(),
            a.name(),
            from.name()
        ))),
        _ => Ok([Some(from), Some(to)]),
    }
}

/// Parses and settles the units of one command: cards, arenas, Enhance.
struct UnitReader {
    cards: Cards,
    arenas: [Option<Arena>; 2],
    /// Whether any unit read so far has an Enhance effect.
    enhanceable: std::cell::Cell<bool>,
}

impl UnitReader {
    fn new(u: &UnitArgs, mode: Option<Mode>) -> Result<UnitReader, Error> {
        Ok(UnitReader {
            cards: load_cards(&u.cards)?,
            arenas: arenas(u.arena, mode)?,
            enhanceable: Default::default(),
        })
    }

    /// The unit `spec` describes, Enhance unpaid; `attacking` picks the attacker's arena.
    fn unit(&self, role: &str, spec: &str, attacking: bool) -> Result<Unit, Error> {
        self.settle(role, spec, attacking, false)
    }

    /// The unit `spec` describes, with its Enhance effect paid or not.
    fn settle(&self, role: &str, spec: &str, attacking: bool, paid: bool) -> Result<Unit, Error> {
        let arena = self.arenas[usize::from(!attacking)];
        let unit = Unit::parse_with(role, spec, &self.cards)?;
        self.enhanceable
            .set(self.enhanceable.get() || unit.has_enhance());
        unit.resolve(arena, paid)
    }
}

fn rules_of(given: &[String]) -> Result<Rules, Error> {
    let mut rules = Rules::default();
    for r in given {
        rules.set(r)?;
    }
    Ok(rules)
}

/// The units and rule options of a SWTCG attack command.
fn swtcg_setup(a: &AttackArgs) -> Result<(Unit, Unit, Rules), Error> {
    let reader = UnitReader::new(&a.units, None)?;
    let attacker = reader.unit("attacker", &a.attacker, true)?;
    let defender = reader.unit("defender", &a.defender, false)?;
    Ok((attacker, defender, rules_of(&a.rules)?))
}

fn swtcg_scenario(
    a: &SwtcgAttackArgs,
    reader: &UnitReader,
    paid: bool,
) -> Result<SwtcgScenario, Error> {
    let unit = |role: &str, spec: &str, attacking: bool| reader.settle(role, spec, attacking, paid);
    let other =
        |role: &str, spec: &Option<String>| spec.as_ref().map(|s| unit(role, s, false)).transpose();
    Ok(SwtcgScenario {
        attacker: unit("attacker", &a.attack.attacker, true)?,
        defender: unit("defender", &a.attack.defender, false)?,
        secondary: other("secondary", &a.secondary)?,
        interceptor: other("interceptor", &a.interceptor)?,
        mode: a.choices.mode(),
        policy: a.choices.policy(),
        objective: swtcg::attack::Objective::parse(&a.choices.objective)?,
        rules: rules_of(&a.attack.rules)?,
        carried_power: 0,
    })
}

fn attack(a: &SwtcgAttackArgs) -> Result<String, Error> {
    let reader = UnitReader::new(&a.attack.units, a.choices.mode())?;
    let scenario = swtcg_scenario(a, &reader, a.enhance)?;
    let result = swtcg::attack::run(&scenario)?;
    let mut report = swtcg::attack_report(&scenario, &result);
    if a.enhance {
        if !reader.enhanceable.get() {
            return Err(Error::Input(
                "--enhance: no unit has an Enhance effect; write it as 'enhance: ITEM' in a SPEC \
                 or as a card's enhance field"
                    .into(),
            ));
        }
        let without = swtcg::attack::run(&swtcg_scenario(a, &reader, false)?)?;
        let mut group = vec![Entry::new("damage", "damage", Value::Dist(without.damage))];
        if let Some(p) = without.destroyed {
            group.push(Entry::new("destroyed", "destroyed", Value::Prob(p)));
        }
        let at = report
            .entries
            .iter()
            .position(|e| e.key == "rules")
            .unwrap_or(report.entries.len());
        report.entries.insert(
            at,
            Entry::new("without_enhance", "Without Enhance", Value::Group(group)),
        );
    }
    let title = format!("SWTCG attack: {}", scenario.attacker.describe());
    let chart = (
        title.as_str(),
        "damage counters on the defender",
        &result.damage,
    );
    finish(&report, &a.attack.output, chart)
}

/// Draws the chart of `(title, axis label, distribution)` if asked, and renders the report.
fn finish(
    report: &holodice::report::Report,
    output: &OutputArgs,
    (title, label, dist): (&str, &str, &holodice::dist::Dist),
) -> Result<String, Error> {
    if let Some(path) = &output.plot {
        write_plot(path, plot::distribution_svg(title, label, dist))?;
    }
    let options = Options {
        exact: output.exact,
        ..Options::default()
    };
    Ok(output.format.format().renderer().render(report, &options))
}

fn dice_command(a: &DiceArgs) -> Result<String, Error> {
    if a.count < 0 {
        return Err(Error::Input(format!(
            "--count {}: give a whole number of dice, 0 or more",
            a.count
        )));
    }
    let reader = UnitReader::new(&a.units, None)?;
    let target = reader.unit("target", &a.target, false)?;
    let result = swtcg::attack::dice(a.count, &target, a.unpreventable)?;
    let report = swtcg::dice_report(&target, &result);
    let title = format!("SWTCG: {} dice of damage", a.count);
    finish(
        &report,
        &a.output,
        (&title, "damage counters on the target", &result.damage),
    )
}

fn sequence_command(a: &SequenceArgs) -> Result<String, Error> {
    let mode = a.choices.mode();
    let reader = UnitReader::new(&a.units, mode)?;
    let mut units = a
        .attacker
        .iter()
        .map(|spec| reader.unit("attacker", spec, true))
        .collect::<Result<Vec<Unit>, Error>>()?;
    let attackers =
        match (units.len(), a.attacks) {
            (1, Some(n)) => Attackers::Same(units.remove(0), n),
            (1, None) => return Err(Error::Input(
                "one --attacker needs --attacks N (how many times it attacks); or give several \
                 --attacker, one attack each"
                    .into(),
            )),
            (_, None) => Attackers::Each(units),
            (_, Some(_)) => {
                return Err(Error::Input(
                    "--attacks repeats a single --attacker; with several --attacker each attacks \
                 once: drop --attacks"
                        .into(),
                ))
            }
        };
    let s = Sequence {
        attackers,
        defender: reader.unit("defender", &a.defender, false)?,
        mode,
        policy: a.choices.policy(),
        objective: swtcg::attack::Objective::parse(&a.choices.objective)?,
        rules: rules_of(&a.rules)?,
    };
    let result = swtcg::sequence::sequence(&s)?;
    let report = swtcg::sequence_report(&s, &result);
    let last = result.counters_after.last().expect("at least one attack");
    finish(
        &report,
        &a.output,
        (
            "SWTCG attack sequence",
            "damage counters on the defender after the last attack",
            last,
        ),
    )
}

/// The most trials one `simulate` may roll (about five seconds of SWTCG attacks).
const MAX_TRIALS: u64 = 100_000_000;

/// Checks what `simulate` can do with the attack's output options, and renders the comparison.
fn simulation_output(
    format: FormatArg,
    plot: &Option<PathBuf>,
    sim: &SimulateArgs,
    title: &str,
    context: &[(String, String)],
    compared: &[holodice::sim::compare::Compared],
) -> Result<String, Error> {
    if plot.is_some() {
        return Err(Error::Input("simulate draws no chart: drop --plot".into()));
    }
    match format {
        FormatArg::Text => Ok(holodice::sim::compare::to_text(
            title, context, compared, sim.alpha,
        )),
        FormatArg::Json => {
            let v = holodice::sim::compare::to_json(context, compared, sim.alpha);
            Ok(serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n")
        }
        _ => Err(Error::Input("simulate prints --format text or json".into())),
    }
}

fn check_trials(sim: &SimulateArgs) -> Result<(), Error> {
    if sim.trials == 0 || sim.trials > MAX_TRIALS {
        return Err(Error::TooLarge(format!(
            "--trials {}: give 1 to {MAX_TRIALS}",
            sim.trials
        )));
    }
    Ok(())
}

/// The exact chance of a 0/1 outcome as a distribution over {0, 1}.
fn bernoulli(p: &num_rational::BigRational) -> holodice::dist::Dist {
    let (n, d) = (p.numer().magnitude().clone(), p.denom().magnitude().clone());
    holodice::dist::Dist::from_pairs([(0, &d - &n), (1, n)]).expect("a probability has mass")
}

fn simulate_swtcg(a: &SimulateSwtcgArgs) -> Result<String, Error> {
    check_trials(&a.simulate)?;
    let (attacker, defender, rules) = swtcg_setup(&a.attack)?;
    let exact = swtcg::attack::attack(&attacker, &defender, &rules)?;
    let samples = holodice::sim::simulate_swtcg(
        &attacker,
        &defender,
        &rules,
        a.simulate.trials,
        a.simulate.seed,
    )?;
    let mut dists = vec![
        ("damage".to_string(), exact.damage.clone()),
        ("hits".to_string(), exact.hits.clone()),
        ("attacker_damage".to_string(), exact.attacker_damage.clone()),
    ];
    if let Some(p) = &exact.destroyed {
        dists.push(("destroyed".to_string(), bernoulli(p)));
    }
    let compared = holodice::sim::compare::compare(&samples, dists);
    let mut context = vec![
        ("attacker".to_string(), attacker.describe()),
        ("defender".to_string(), defender.describe()),
        ("seed".to_string(), a.simulate.seed.to_string()),
    ];
    context.extend(
        rules
            .values()
            .into_iter()
            .map(|(k, v)| (format!("rule {k}"), v.to_string())),
    );
    simulation_output(
        a.attack.output.format,
        &a.attack.output.plot,
        &a.simulate,
        "SWTCG attack, simulated",
        &context,
        &compared,
    )
}

fn simulate_legion(a: &SimulateLegionArgs) -> Result<String, Error> {
    check_trials(&a.simulate)?;
    let (scenario, edition, policy) = legion_setup(&a.attack)?;
    let exact = holodice::legion::attack::attack(&scenario, edition, policy)?;
    let samples = holodice::sim::simulate_legion(
        &scenario,
        edition,
        policy,
        a.simulate.trials,
        a.simulate.seed,
    )?;
    let mut dists = vec![
        ("wounds".to_string(), exact.wounds.clone()),
        ("attack_results".to_string(), exact.attack_results.clone()),
        ("attacker_wounds".to_string(), exact.attacker_wounds.clone()),
    ];
    if let Some(g) = &exact.guardian_wounds {
        dists.push(("guardian_wounds".to_string(), g.clone()));
    }
    let compared = holodice::sim::compare::compare(&samples, dists);
    let mut context = vec![
        ("attacker".to_string(), a.attack.attacker.trim().to_string()),
        ("defender".to_string(), a.attack.defender.trim().to_string()),
    ];
    if let Some(g) = &a.attack.guardian {
        context.push(("guardian".to_string(), g.trim().to_string()));
    }
    context.push(("edition".to_string(), edition.name().to_string()));
    context.push(("policy".to_string(), policy.name()));
    context.push(("seed".to_string(), a.simulate.seed.to_string()));
    simulation_output(
        a.attack.output.format,
        &a.attack.output.plot,
        &a.simulate,
        "Legion attack, simulated",
        &context,
        &compared,
    )
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

/// The scenario, edition and policy of a Legion attack command.
fn legion_setup(a: &LegionArgs) -> Result<(Scenario, Edition, Policy), Error> {
    let scenario = Scenario::parse(&a.attacker, &a.defender, a.guardian.as_deref())?;
    let edition = match a.edition {
        EditionArg::Amg2024 => Edition::Amg2024,
        EditionArg::Amg2021 => Edition::Amg2021,
    };
    let objective =
        Objective::parse(&a.objective).map_err(|e| Error::Input(format!("--objective {e}")))?;
    let policy = match a.policy {
        PolicyArg::Greedy => Policy::Greedy,
        PolicyArg::Optimal => Policy::Optimal(objective),
    };
    Ok((scenario, edition, policy))
}

fn legion_attack(a: &LegionArgs) -> Result<String, Error> {
    use holodice::legion;
    let (scenario, edition, policy) = legion_setup(a)?;
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
    let title = format!("Legion attack: {}", a.attacker.trim());
    finish(
        &report,
        &a.output,
        (&title, "wounds on the defender", &result.wounds),
    )
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

/// `holodice check`: the exact distribution of the chosen variable, the samples, the test. Returns
/// the output and whether the samples are consistent.
fn check_command(a: &CheckArgs) -> Result<(String, bool), Error> {
    let (format, game, variable, context, exact) = match &a.scenario {
        CheckScenario::Swtcg(c) => {
            let s = &c.attack;
            let format = check_format(
                a.format,
                s.output.format,
                s.output.exact,
                s.output.plot.as_deref(),
            )?;
            let (attacker, defender, rules) = swtcg_setup(s)?;
            let result = swtcg::attack::attack(&attacker, &defender, &rules)?;
            // `check` takes the attack's arguments only: Lucky re-rolls by the greedy policy.
            let lucky = result
                .lucky
                .map(|_| "greedy policy (docs/rules.md)".to_string());
            let (variable, dist) = match c.variable {
                SwtcgVariable::Hits => ("hits", result.hits),
                SwtcgVariable::Damage => ("damage", result.damage),
                SwtcgVariable::AttackerDamage => ("attacker_damage", result.attacker_damage),
            };
            let context = vec![
                ("attacker", Some(s.attacker.clone())),
                ("defender", Some(s.defender.clone())),
                ("rules", (!s.rules.is_empty()).then(|| s.rules.join(", "))),
                ("Lucky re-rolls", lucky),
            ];
            (format, "swtcg", variable, context, dist)
        }
        CheckScenario::Legion(c) => {
            let s = &c.attack;
            let format = check_format(
                a.format,
                s.output.format,
                s.output.exact,
                s.output.plot.as_deref(),
            )?;
            let (scenario, edition, policy) = legion_setup(s)?;
            let result = holodice::legion::attack::attack(&scenario, edition, policy)?;
            let (variable, dist) = match c.variable {
                LegionVariable::Wounds => ("wounds", result.wounds),
                LegionVariable::AttackResults => ("attack_results", result.attack_results),
                LegionVariable::AttackerWounds => ("attacker_wounds", result.attacker_wounds),
                LegionVariable::GuardianWounds => (
                    "guardian_wounds",
                    result.guardian_wounds.ok_or_else(|| {
                        Error::Input(
                            "--variable guardian_wounds needs a guardian: give --guardian SPEC"
                                .into(),
                        )
                    })?,
                ),
            };
            let context = vec![
                ("attacker", Some(s.attacker.clone())),
                ("defender", Some(s.defender.clone())),
                ("guardian", s.guardian.clone()),
                ("edition", Some(edition.name().to_string())),
                ("policy", Some(policy.name())),
            ];
            (format, "legion", variable, context, dist)
        }
    };
    let (source, text) = read_samples(&a.samples)?;
    let observed = holodice::gof::parse_samples(&source, &text)?;
    let fit = match a.test {
        TestArg::ChiSquare => holodice::gof::chi_square(&observed, &exact),
        TestArg::GTest => holodice::gof::g_test(&observed, &exact),
    };
    let consistent = fit.consistent(a.alpha);
    let context: Vec<(&str, String)> = context
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v.split_whitespace().collect::<Vec<_>>().join(" "))))
        .collect();
    let out = match format {
        CheckFormatArg::Json => {
            let mut top = serde_json::Map::new();
            top.insert("game".into(), game.into());
            top.insert("variable".into(), variable.into());
            for (k, v) in &context {
                top.insert((*k).into(), v.as_str().into());
            }
            if let serde_json::Value::Object(fit) = fit.to_json(a.alpha) {
                top.extend(fit);
            }
            let mut s = serde_json::to_string_pretty(&serde_json::Value::Object(top))
                .expect("JSON values serialize");
            s.push('\n');
            s
        }
        CheckFormatArg::Text => {
            let game_name = if game == "swtcg" { "SWTCG" } else { "Legion" };
            let mut s = format!("Check of {game_name} attack samples: {variable}\n");
            for (k, v) in &context {
                if !v.is_empty() {
                    s.push_str(&format!("{}{}: {v}\n", k[..1].to_uppercase(), &k[1..]));
                }
            }
            s.push_str(&format!("Samples: {} from {source}\n\n", fit.samples()));
            s + &fit.to_text(a.alpha)
        }
    };
    Ok((out, consistent))
}

/// The output format of `check`, given before the game or (as for the attack commands) after
/// it; the attack commands' --exact and --plot have no meaning here.
fn check_format(
    before: Option<CheckFormatArg>,
    after: FormatArg,
    exact: bool,
    plot: Option<&Path>,
) -> Result<CheckFormatArg, Error> {
    if plot.is_some() {
        return Err(Error::Input(
            "check draws no chart: remove --plot (the attack command draws one)".into(),
        ));
    }
    if exact {
        return Err(Error::Input(
            "check prints counts, not exact fractions: remove --exact".into(),
        ));
    }
    match (before, after) {
        (Some(f), FormatArg::Text) => Ok(f),
        (None, FormatArg::Text) => Ok(CheckFormatArg::Text),
        (None, FormatArg::Json) => Ok(CheckFormatArg::Json),
        (Some(_), _) => Err(Error::Input(
            "check: --format is given before and after the game; give it once".into(),
        )),
        (None, other) => Err(Error::Input(format!(
            "check prints --format text or json, not {}",
            other
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string())
        ))),
    }
}

/// The text of --samples FILE, or of standard input for "-", with its name for messages.
fn read_samples(path: &Path) -> Result<(String, String), Error> {
    if path == Path::new("-") {
        let source = "--samples - (standard input)".to_string();
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Error::File(format!("cannot read {source}: {e}")))?;
        return Ok((source, text));
    }
    let source = format!("--samples {}", path.display());
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::File(format!("cannot read {source}: {e}")))?;
    Ok((source, text))
}
