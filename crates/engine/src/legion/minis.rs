//! Minis defeated: the exact wounds of an attack, assigned to a unit's minis as the rules say
//! (a wounded mini first, then one mini at a time), as the distribution of minis defeated and
//! the chance the unit is wiped out.

use super::units::Defender;
use crate::dist::Dist;
use num_rational::BigRational;

/// What an attack's wounds cost a unit of known wounds per mini.
#[derive(Debug, Clone)]
pub struct Losses {
    /// Minis defeated.
    pub minis_defeated: Dist,
    /// The chance every mini is defeated.
    pub wiped: BigRational,
}

/// The losses `wounds` inflict on `unit`, if its wounds per mini are known (one mini when its
/// minis are not).
pub fn losses(wounds: &Dist, unit: &Defender) -> Option<Losses> {
    let per_mini = i64::from(unit.wounds?);
    let minis = i64::from(unit.minis.unwrap_or(1));
    let wounded = i64::from(unit.wounded);
    // The wounded mini takes wounds first: with K tokens on it, w wounds defeat as many minis
    // as w + K fills whole minis, up to the unit's minis.
    let defeated = |w: i64| ((w.max(0) + wounded) / per_mini).min(minis);
    Some(Losses {
        minis_defeated: wounds.map(defeated),
        wiped: wounds.at_least(minis * per_mini - wounded),
    })
}
