//! One exact attack of each game, from SPECs given on the command line or the README's.
//!
//! `cargo run -p holodice-engine --example attack -- "Power 5, Critical Hit 2" "Health 4"`
//! (SWTCG), or with `legion` first: `-- legion "4 red, surge crit" "white defense"`.

use holodice_engine::dist::{to_f64, Dist};
use holodice_engine::{legion, swtcg, Error};

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["legion", attacker, defender] => legion_attack(attacker, defender),
        [attacker, defender] => swtcg_attack(attacker, defender),
        _ => {
            swtcg_attack("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor")?;
            println!();
            legion_attack(
                "4 red, surge crit, aim 1",
                "white defense, surge block, cover light",
            )
        }
    }
}

/// An SWTCG attack: the damage and the chance to destroy the defender.
fn swtcg_attack(attacker: &str, defender: &str) -> Result<(), Error> {
    let a = swtcg::attack(attacker, defender)?;
    println!("SWTCG: {attacker} on {defender}");
    if let Some(p) = &a.destroyed {
        println!(
            "chance to destroy the defender: {p} ({:.2}%)",
            100.0 * to_f64(p)
        );
    }
    print_dist("damage", &a.damage);
    Ok(())
}

/// A Legion attack: the wounds on the defender.
fn legion_attack(attacker: &str, defender: &str) -> Result<(), Error> {
    let a = legion::attack(attacker, defender)?;
    println!("Legion: {attacker} on {defender}");
    print_dist("wounds", &a.wounds);
    Ok(())
}

/// Each outcome's exact chance, then the mean.
fn print_dist(what: &str, d: &Dist) {
    for (k, p) in d.pmf() {
        println!("  P({what} = {k}) = {p} ({:.2}%)", 100.0 * to_f64(&p));
    }
    println!("  mean {what}: {} ({:.3})", d.mean(), to_f64(&d.mean()));
}
