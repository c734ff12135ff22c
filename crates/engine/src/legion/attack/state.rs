//! The count states the steps pass on: what each step leaves for the next.

/// After the rerolls.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Rolled {
    pub hits: u32,
    pub crits: u32,
    pub surges: u32,
    pub aims: u32,
}

/// After converting surges, colour no longer matters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Results {
    /// Hits plus crits once surges are converted (the dice not blank). Past conversion only
    /// Ram and Djem So Mastery read it: otherwise cover sets it to 0, so that states that
    /// differ only by it merge.
    pub results: u32,
    pub hits: u32,
    pub crits: u32,
    pub aims: u32,
    /// An aim token was spent in the Reroll Attack Dice step, as Duelist asks (kept only for an
    /// attacking Duelist in melee, so that other states merge).
    pub rerolled: bool,
    pub dodged: bool,
    /// The defender's dodge tokens spent (a sequence carries what is left).
    pub dodges: u32,
    /// Sniper Team cancelled every die for a wound: the attack skips to its end.
    pub sniped: bool,
}

/// From modifying attack dice on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Defending {
    pub hits: u32,
    pub crits: u32,
    pub pierce: u32,
    /// Pierce before any was spent: Impervious (before crb-2026-05-29) adds that many defense dice.
    pub pierce_total: u32,
    pub dodged: bool,
    /// The defender's dodge tokens spent.
    pub dodges: u32,
    /// The defender's shield tokens flipped (by Ion or to cancel results).
    pub shields: u32,
    /// The attack roll holds a blank (kept only when Djem So Mastery reads it).
    pub blank: bool,
    pub attacker_wounds: u32,
    pub guardian: Guarded,
    /// The attack roll held a hit or crit once surges were converted (kept only when the
    /// optimal goal reads it: see `Resolver::tracks_hit`).
    pub hit: bool,
    /// Sniper Team cancelled every die for a wound.
    pub sniped: bool,
}

/// What is reported besides the converted results.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Outcome {
    pub wounds: u32,
    pub attacker_wounds: u32,
    pub guardian: Guarded,
    /// As [`Defending::hit`].
    pub hit: bool,
    /// The defender's dodge tokens spent.
    pub dodges: u32,
    /// The defender's shield tokens flipped.
    pub shields: u32,
    /// The defender's surge tokens spent converting defense surges.
    pub surges: u32,
}

/// What a guardian took of an attack: its wounds, and the dodge (Soresu Mastery) and surge
/// tokens it spent (a sequence carries what is left).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(super) struct Guarded {
    pub wounds: u32,
    pub dodges: u32,
    pub surges: u32,
}
