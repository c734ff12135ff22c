//! A table of SWTCG's expected damage by Power and Accuracy against Armor, each cell exact.
//!
//! `cargo run -p holodice-engine --example table`, or with a YAML table spec's text as its
//! argument: `-- "$(cat my-table.yaml)"` (the fields of `holodice_engine::table::TableSpec`).

use holodice_engine::dist::to_f64;
use holodice_engine::{data, table, Error};

/// The table asked for when none is given.
const SPEC: &str = "\
game: swtcg
defender: Armor
rows: Power 1..6
cols: Accuracy 0..2
stat: mean
";

fn main() -> Result<(), Error> {
    let text = std::env::args().nth(1).unwrap_or_else(|| SPEC.to_string());
    let spec: table::TableSpec = data::parse("table.yaml", &text)?;
    println!("estimated work: {} units", table::estimate(&spec)?);
    let t = table::compute(&spec)?;
    let cols = t
        .cols
        .as_ref()
        .map_or(String::new(), |c| format!(" and {}", c.name));
    println!("{} by {}{cols}", t.stat.name(), t.rows.name);
    let header: Vec<String> = t.col_values().iter().map(|c| format!("{c:>14}")).collect();
    println!("   {}", header.join("  "));
    for (row, cells) in t.row_values().iter().zip(&t.cells) {
        let shown: Vec<String> = (cells.iter())
            .map(|c| format!("{c:>6} ({:.3})", to_f64(c)))
            .collect();
        println!("{row:>3}{}", shown.join("  "));
    }
    Ok(())
}
