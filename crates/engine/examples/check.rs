//! A check of observed rolls against the exact distribution: are the hits of the two-dice
//! attacks rolled at a table consistent with fair dice?
//!
//! `cargo run -p holodice-engine --example check`, or with a samples file's text (one outcome a
//! line, or `outcome,count` rows) as its argument: `-- "$(cat hits.csv)"`.

use holodice_engine::{gof, swtcg, Error};

/// 100 attacks of Power 2, as they might have been rolled.
const SAMPLES: &str = "outcome,count\n0,20\n1,50\n2,30\n";

fn main() -> Result<(), Error> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| SAMPLES.to_string());
    let seen = gof::parse_samples("samples", &text)?;
    let exact = swtcg::attack("Power 2", "Health 4")?.hits;
    for fit in [gof::chi_square(&seen, &exact), gof::g_test(&seen, &exact)] {
        let verdict = match fit.consistent(0.05) {
            true => "consistent with the exact distribution",
            false => "not consistent with the exact distribution",
        };
        println!(
            "{}: {:.3} on {} degrees of freedom, p = {:.4}: {verdict} at 5%",
            fit.test, fit.statistic, fit.dof, fit.p_value
        );
    }
    Ok(())
}
