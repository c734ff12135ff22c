//! The exact distribution of the optimal play, on a dense table of the dice (indexed as the
//! planner's values are) rather than a hash map of states: in `u128` when
//! faces^(dice + every token's capacity) fits, big integers beyond.

use super::{Choice, Dice, Planner};
use crate::states::{States, Weight};
use num_bigint::BigUint;

impl Planner<'_> {
    /// The exact distribution of the dice after the initial roll and every token, played
    /// optimally.
    pub fn play(&self) -> States<Dice> {
        self.play_after(None)
    }

    /// The same from a roll on the table: per colour its blanks, surges, hits and crits.
    pub fn play_from(&self, faces: [[u32; 4]; 3]) -> States<Dice> {
        let mut faces = faces;
        faces.iter_mut().for_each(|f| self.fold(f));
        self.play_after(Some(Dice {
            faces,
            aims: self.attacker.aim,
        }))
    }

    fn play_after(&self, rolled: Option<Dice>) -> States<Dice> {
        let faces: u32 = self.weights[0].iter().sum();
        let capacities: u32 = self.tokens.iter().map(|t| t.0).sum();
        let most = self.attacker.dice.iter().sum::<u32>() + capacities;
        match u128::from(faces).checked_pow(most) {
            Some(_) => self.played::<u128>(faces, rolled),
            None => self.played::<BigUint>(faces, rolled),
        }
    }

    fn played<W: Weight>(&self, faces: u32, rolled: Option<Dice>) -> States<Dice> {
        let mut table = vec![W::default(); self.index.len()];
        match rolled {
            Some(d) => table[self.index.at(&d)] = W::from(1),
            None => {
                let none = Dice {
                    faces: [[0; 4]; 3],
                    aims: self.attacker.aim,
                };
                let all = self.attacker.dice.map(|n| [n, 0, 0]);
                self.scatter(&mut table, none, 0, &all, W::from(1));
            }
        }
        for t in 0..self.tokens.len() {
            table = self.spend(t, table, faces);
        }
        let zero = W::default();
        W::states(
            table
                .into_iter()
                .enumerate()
                .filter(|(_, w)| *w != zero)
                .map(|(i, w)| (self.index.dice(i), w))
                .collect(),
        )
    }

    /// Token `t`, spent as the planner chooses on every dice with weight. Those that pick up
    /// fewer dice than the most any picks are scaled to the common denominator faces^most.
    fn spend<W: Weight>(&self, t: usize, table: Vec<W>, faces: u32) -> Vec<W> {
        let zero = W::default();
        let chosen: Vec<(Dice, Option<Choice>, W)> = table
            .into_iter()
            .enumerate()
            .filter(|(_, w)| *w != zero)
            .map(|(i, w)| {
                let d = self.index.dice(i);
                (d, self.best(t, &d).1, w)
            })
            .collect();
        let picked = |c: &Option<Choice>| c.map_or(0, |c| c.iter().flatten().sum::<u32>());
        let most = chosen.iter().map(|(_, c, _)| picked(c)).max().unwrap_or(0);
        let mut next = vec![W::default(); self.index.len()];
        for (d, choice, w) in chosen {
            let w = w.scaled(u128::from(faces).pow(most - picked(&choice)));
            match choice {
                None => next[self.index.at(&d)] += &w,
                Some(choice) => {
                    let kept = self.set_aside(t, &d, &choice);
                    self.scatter(&mut next, kept, 0, &choice, w);
                }
            }
        }
        next
    }

    /// Adds `weight` times each outcome of rerolling `choice` (per colour, the dice picked up),
    /// colour `c` on, to the dice they reach from `q`.
    fn scatter<W: Weight>(&self, next: &mut [W], q: Dice, c: usize, choice: &Choice, weight: W) {
        if c == 3 {
            next[self.index.at(&q)] += &weight;
            return;
        }
        let n: u32 = choice[c].iter().sum();
        if n == 0 {
            return self.scatter(next, q, c + 1, choice, weight);
        }
        for (k, w) in &self.exact[c][n as usize] {
            let mut q = q;
            self.add(&mut q.faces[c], k);
            self.scatter(next, q, c + 1, choice, weight.scaled(*w));
        }
    }
}
