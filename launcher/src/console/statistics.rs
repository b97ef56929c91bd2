//! Play statistics: a game's line for its tooltip, and the Statistics
//! window that lists every game, with a row for each variant played of
//! the games that keep records per variant (the manifest's `records-by`),
//! and resets them.

use super::{ConsoleAsks, ConsoleView};
use launcher_core::player::{self, PlayHistory, VariantPlays};

/// "Played 3 games, last opened 2 days ago; won 2 (1 with help), lost 1;
/// streak 2 (best 2); best time 1:05" for a game that reports its
/// outcome, "Opened 3 times, last 2 days ago" for one that does not, or
/// "Not played yet". Games are counted as they end, not as their window
/// opens: a window may hold many games, or none finished.
pub fn played_line(plays: &PlayHistory, dir_name: &str, now: u64) -> String {
    let Some(game) = plays.games.get(dir_name).filter(|g| g.times_played > 0) else {
        return "Not played yet".into();
    };
    let last = game.last_played.map(|t| player::ago(t, now));
    if !game.has_results() {
        let mut line = format!("Opened {}", times(game.times_played));
        if let Some(last) = last {
            line += &format!(", last {last}");
        }
        return line;
    }
    let mut line = format!("Played {}", games(game.won + game.lost));
    if let Some(last) = last {
        line += &format!(", last opened {last}");
    }
    line += &format!("; won {}, lost {}", won_text(&game.totals()), game.lost);
    line += &format!(
        "; streak {} (best {})",
        game.current_streak, game.best_streak
    );
    if let Some(ms) = game.best_time_ms {
        line += &format!("; best time {}", player::clock(ms));
    }
    if let Some(score) = game.best_score {
        line += &format!("; best score {}", player::score_text(game, score));
    }
    line
}

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// "1 game", "3 games".
fn games(n: u32) -> String {
    match n {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    }
}

/// The bests of a game's record (its totals or a variant's): "1:05 · 33
/// moves", or `None` without any.
fn bests(game: &player::GamePlays, record: &VariantPlays) -> Option<String> {
    let parts: Vec<String> = record
        .best_time_ms
        .map(player::clock)
        .into_iter()
        .chain(record.best_score.map(|s| player::score_text(game, s)))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// "5", or "5 (2 with help)" when the game helped with some wins.
fn won_text(record: &VariantPlays) -> String {
    match record.won_with_help {
        0 => record.won.to_string(),
        helped => format!("{} ({helped} with help)", record.won),
    }
}

/// The Played, Won, Lost, Streak and Best cells of a record (a game's
/// totals or one variant's).
fn record_cells(ui: &mut egui::Ui, game: &player::GamePlays, record: &VariantPlays) {
    ui.label((record.won + record.lost).to_string());
    ui.label(won_text(record));
    ui.label(record.lost.to_string());
    ui.label(format!(
        "{}, best {}",
        record.current_streak, record.best_streak
    ));
    ui.label(bests(game, record).unwrap_or_else(|| "–".into()));
}

/// The Statistics window: every game, what was played, and Reset.
pub(super) fn statistics_ui(
    ctx: &egui::Context,
    open: &mut bool,
    view: &ConsoleView<'_>,
    asks: &mut ConsoleAsks,
) {
    egui::Window::new("Statistics")
        .open(open)
        .collapsible(false)
        .resizable(true)
        .show(ctx, |ui| {
            ui.label("What you played on this computer. Nothing leaves it.");
            ui.add_space(4.0);
            // Seven narrow columns hold in the console's opening width; a
            // narrower window scrolls sideways rather than hide a column.
            egui::ScrollArea::both().max_height(320.0).show(ui, |ui| {
                egui::Grid::new("statistics")
                    .striped(true)
                    .num_columns(7)
                    .show(ui, |ui| {
                        for (heading, meaning) in [
                            (
                                "Game",
                                "Hover a game's name: how often and when it was opened",
                            ),
                            ("Played", "Games finished, won or lost"),
                            ("Won", "Games won (with help: hints or a solver)"),
                            ("Lost", "Games lost"),
                            ("Streak", "Games won in a row now, and the most ever"),
                            ("Best", "The best time and the best score of a game won"),
                            ("", ""),
                        ] {
                            let label = ui.strong(heading);
                            if !meaning.is_empty() {
                                label.on_hover_text(meaning);
                            }
                        }
                        ui.end_row();
                        for set in view.catalog.game_sets() {
                            for game in set.games {
                                let plays = view.plays.games.get(&game.dir_name);
                                let opened = plays.map_or(0, |p| p.times_played);
                                let last = plays.and_then(|p| p.last_played).map_or_else(
                                    || "never".to_string(),
                                    |t| player::ago(t, view.now),
                                );
                                ui.label(&game.name).on_hover_text(format!(
                                    "Opened {}, last {last}",
                                    times(opened)
                                ));
                                // Only games that report their outcome
                                // count games and wins: the others show a
                                // dash.
                                let results = plays.filter(|p| p.has_results());
                                match results {
                                    Some(p) => record_cells(ui, p, &p.totals()),
                                    None => {
                                        for _ in 0..5 {
                                            ui.label("–");
                                        }
                                    }
                                }
                                let reset = ui.add_enabled(opened > 0, egui::Button::new("Reset"));
                                if reset.clicked() {
                                    asks.reset_statistics = Some(Some(game.dir_name.clone()));
                                }
                                ui.end_row();
                                // A row for each variant played, under the
                                // totals: its own games and bests.
                                let variants = results.map(|p| (p, &p.variants));
                                for (p, (variant, record)) in variants
                                    .into_iter()
                                    .flat_map(|(p, v)| v.iter().map(move |r| (p, r)))
                                {
                                    ui.label(format!("   {variant}")).on_hover_text(format!(
                                        "{}, played with {variant}",
                                        game.name
                                    ));
                                    record_cells(ui, p, record);
                                    ui.label("");
                                    ui.end_row();
                                }
                            }
                        }
                    });
            });
            ui.add_space(4.0);
            if ui.button("Reset all").clicked() {
                asks.reset_statistics = Some(None);
            }
        });
}
