//! What saving the resume file after a move costs the UI thread (issue
//! 26): a position with a 4 MiB undo chain (400 earlier positions of
//! 10 KiB), written there as before (encode, write, rename), beside
//! handing it to the window's `SaveWriter`, which writes it on a thread of
//! its own (the newest position wins). The positions' bytes are shared
//! (`Arc`), so the hand-off copies none of them.

use criterion::{Criterion, criterion_group, criterion_main};
use launcher::midend::Snapshot;
use launcher::saves::{SaveWriter, SavedGame, SavedHistory};
use std::time::Duration;

fn position(i: usize, start: &std::sync::Arc<[u8]>) -> Snapshot {
    let mut state = vec![b'.'; 10 * 1024];
    state[..8].copy_from_slice(&(i as u64).to_le_bytes());
    Snapshot {
        state: state.into(),
        start: start.clone(),
        withheld: Default::default(),
    }
}

fn resume_save(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = launcher::saves::save_path(dir.path(), "bench");
    let start: std::sync::Arc<[u8]> = vec![b's'; 1024].into();
    let undo: Vec<Snapshot> = (0..400).map(|i| position(i, &start)).collect();
    let saved = SavedGame {
        game: "bench".into(),
        snapshot: position(400, &start),
        played: Duration::from_secs(60),
        counted: false,
    };
    let mut group = c.benchmark_group("resume_save_4mib_chain");
    group.bench_function("on_the_ui_thread", |b| {
        b.iter(|| {
            let history = SavedHistory {
                undo: undo.clone(),
                redo: Vec::new(),
            };
            saved.write_with_history(&path, &history).unwrap();
        })
    });
    let writer = SaveWriter::new(None);
    group.bench_function("handed_to_the_writer", |b| {
        b.iter(|| {
            let history = SavedHistory {
                undo: undo.clone(),
                redo: Vec::new(),
            };
            writer.save(path.clone(), saved.clone(), history);
        })
    });
    group.finish();
    writer.flush();
}

criterion_group!(benches, resume_save);
criterion_main!(benches);
