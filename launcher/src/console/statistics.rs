//! Play statistics: a game's line for its tooltip, and the Statistics
//! window that lists every game, with a row for each variant played of
//! the games that keep records per variant (the manifest's `records-by`),
//! and resets them.

use super::{ConsoleAsks, ConsoleView};
use launcher_core::player::{self, PlayHistory, VariantPlays};

/// "Played 3 games, last opened 2 days ago; won 2 (1 with help), lost 1;
/// streak 2 (best 2); best 1:05 · 33 moves" for a game that reports its
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
    if let Some(best) = bests(game, &game.totals()) {
        line += &format!("; best {best}");
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
    let parts = player::bests(game, record);
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

/// The Statistics window's state: open or not, and the size its table
/// was measured at when it opened.
#[derive(Default)]
pub(super) struct StatisticsWindow {
    /// Whether the window is open.
    pub(super) open: bool,
    /// The table's own size, measured as the window opened; `None` until
    /// then.
    table: Option<egui::Vec2>,
    /// The frames the table has been measured on so far.
    measured: u8,
    /// How many times the window was opened: each opening is a new window,
    /// sized afresh to the table (a window keeps the size it was given).
    openings: u32,
}

impl StatisticsWindow {
    /// Opens the window, to be sized to its table.
    pub(super) fn open(&mut self) {
        self.open = true;
        self.table = None;
        self.measured = 0;
        self.openings = self.openings.wrapping_add(1);
    }
}

/// The Statistics window: every game, what was played, and Reset. It
/// opens as large as its table, within the console, and the player can
/// make it larger or smaller by its corner; what does not fit scrolls.
pub(super) fn statistics_ui(
    ui: &mut egui::Ui,
    window: &mut StatisticsWindow,
    view: &ConsoleView<'_>,
    asks: &mut ConsoleAsks,
) {
    let ctx = ui.ctx().clone();
    let Some(table) = window.table else {
        // The table is laid out unseen and unbounded, for its size: twice,
        // as a grid knows its columns' widths from its first frame on.
        let mut measure = ui.new_child(
            egui::UiBuilder::new()
                .id_salt("statistics-measure")
                .max_rect(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::Vec2::INFINITY,
                ))
                .invisible(),
        );
        statistics_table(&mut measure, view, &mut ConsoleAsks::default());
        window.measured += 1;
        if window.measured >= 2 {
            // The window shows from the next frame, that size.
            window.table = Some(measure.min_rect().size());
        }
        ctx.request_repaint();
        return;
    };
    // A window's sizes are its outer ones: the table, and around it the
    // header line, the title bar, the margins and frame, and a little more
    // so that no scroll bar shows for a rounding.
    let style = ctx.global_style();
    let spacing = &style.spacing;
    let title_font = egui::TextStyle::Heading.resolve(&style);
    let title = ctx.fonts_mut(|f| f.row_height(&title_font)) + 2.0 * spacing.item_spacing.y + 4.0;
    let header = spacing.interact_size.y + spacing.item_spacing.y;
    let frame = spacing.window_margin.sum() + egui::vec2(2.0, 2.0);
    let around = frame + egui::vec2(6.0, title + header + 6.0);
    let room = (ctx.content_rect().size() - egui::vec2(8.0, 8.0)).max(egui::vec2(240.0, 160.0));
    let wanted = (table + around).min(room);
    egui::Window::new("Statistics")
        .id(egui::Id::unique(("statistics", window.openings)))
        .open(&mut window.open)
        .collapsible(false)
        .resizable(true)
        .default_size(wanted)
        .max_size(room)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .show(&ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("What you played on this computer. Nothing leaves it.");
                if ui.button("Reset all").clicked() {
                    asks.reset_statistics = Some(None);
                }
            });
            egui::ScrollArea::both()
                .auto_shrink(false)
                .show(ui, |ui| statistics_table(ui, view, asks));
        });
}

/// The table of the Statistics window: a row for each game, and one for
/// each variant played of the games that keep records per variant.
fn statistics_table(ui: &mut egui::Ui, view: &ConsoleView<'_>, asks: &mut ConsoleAsks) {
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
                (
                    "Best",
                    "The shortest time of a game won, and the best score: of any game \
                     for points, of a game won where the fewest moves or seconds are best",
                ),
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
                    let last = plays
                        .and_then(|p| p.last_played)
                        .map_or_else(|| "never".to_string(), |t| player::ago(t, view.now));
                    ui.label(&game.name)
                        .on_hover_text(format!("Opened {}, last {last}", times(opened)));
                    // Only games that report their outcome count games and
                    // wins: the others show a dash.
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
                    // A row for each variant played, under the totals: its
                    // own games and bests.
                    let variants = results.map(|p| (p, &p.variants));
                    for (p, (variant, record)) in variants
                        .into_iter()
                        .flat_map(|(p, v)| v.iter().map(move |r| (p, r)))
                    {
                        ui.label(format!("   {variant}"))
                            .on_hover_text(format!("{}, played with {variant}", game.name));
                        record_cells(ui, p, record);
                        ui.label("");
                        ui.end_row();
                    }
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Minesweeper's score counts seconds: its tooltip says the best once,
    /// as a time ("3:37 · 217 seconds" said it twice); Gobblet's says
    /// both its time and its moves.
    #[test]
    fn a_tooltip_says_each_best_once() {
        let mut plays = PlayHistory::default();
        let game = |unit: &str, ms: u64, score: i64| player::GamePlays {
            times_played: 1,
            last_played: Some(100),
            won: 1,
            current_streak: 1,
            best_streak: 1,
            best_time_ms: Some(ms),
            best_score: Some(score),
            lower_is_better: true,
            score_unit: unit.into(),
            ..Default::default()
        };
        plays
            .games
            .insert("minesweeper".into(), game("seconds", 217_400, 217));
        plays
            .games
            .insert("gobblet".into(), game("turns", 207_000, 8));
        let line = played_line(&plays, "minesweeper", 100);
        assert!(line.ends_with("; best 3:37"), "{line}");
        let line = played_line(&plays, "gobblet", 100);
        assert!(line.ends_with("; best 3:27 · 8 turns"), "{line}");
    }
}
