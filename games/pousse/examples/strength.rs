//! Plays the computer at each strength against a random player (half the
//! games as X, half as O) and the strengths against each other, and prints
//! the results: `cargo run --release -p pousse --example strength [games]`.

use game_api::Rng;
use pousse::computer::{Strength, choose, random_move};
use pousse::rules::{Match, Player};

/// Who moves: the computer at a strength, or the random player.
#[derive(Clone, Copy)]
enum Side {
    Computer(Strength),
    Random,
}

/// Plays a game of side `n`; returns the winner and the number of moves.
fn play(n: usize, x: Side, o: Side, seed: u64) -> (Player, usize) {
    let mut game = Match::new(n).unwrap();
    let mut rng = Rng::new(seed);
    while game.ending().is_none() {
        let side = if game.to_move() == Player::X { x } else { o };
        let mv = match side {
            Side::Computer(s) => choose(&game, s.budget(), seed).unwrap().mv,
            Side::Random => random_move(&game, &mut rng),
        };
        game.play(mv).unwrap();
    }
    (game.ending().unwrap().winner(), game.moves().len())
}

/// Plays `games` games of `a` against `b`, `a` as X in the even ones;
/// returns `a`'s wins as X and as O, and the average length.
fn series(n: usize, a: Side, b: Side, games: u64) -> (u64, u64, f64) {
    let (mut as_x, mut as_o, mut length) = (0, 0, 0);
    for seed in 0..games {
        let (x, o, me) = if seed % 2 == 0 {
            (a, b, Player::X)
        } else {
            (b, a, Player::O)
        };
        let (winner, moves) = play(n, x, o, seed);
        if winner == me {
            if me == Player::X {
                as_x += 1;
            } else {
                as_o += 1;
            }
        }
        length += moves;
    }
    (as_x, as_o, length as f64 / games as f64)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    for n in [4, 5] {
        for s in Strength::ALL {
            let (x, o, length) = series(n, Side::Computer(s), Side::Random, games);
            println!(
                "{n}x{n} {} against random: won {} of {games} ({x} as X, {o} as O), {length:.1} moves a game",
                s.name(),
                x + o
            );
        }
        for (a, b) in [
            (Strength::Medium, Strength::Easy),
            (Strength::Hard, Strength::Medium),
        ] {
            let g = games.min(40);
            let (x, o, _) = series(n, Side::Computer(a), Side::Computer(b), g);
            println!(
                "{n}x{n} {} against {}: won {} of {g} ({x} as X, {o} as O)",
                a.name(),
                b.name(),
                x + o
            );
        }
    }
}
