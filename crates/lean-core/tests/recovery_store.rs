//! Recovery store tests: LRU eviction by count and bytes, durable blobs across store instances,
//! atomic writes, disk budget pruning, CRLF exactness, paging and refusal of path-like ids.

use std::path::PathBuf;
use std::sync::Arc;

use lean_core::error::{Coded, ErrorCode};
use lean_core::hash::xxh3_hex;
use lean_core::recovery::{RecoveryStore, StoreConfig};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lean-core-recovery-{name}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn memory_store(max_entries: usize, max_bytes: usize) -> RecoveryStore {
    RecoveryStore::open(StoreConfig {
        max_entries,
        max_bytes,
        dir: None,
        disk_budget_bytes: 0,
    })
    .unwrap()
}

#[test]
fn put_is_idempotent_and_ids_are_content_hashes() {
    let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    let a = store.put(b"hello\nworld\n").unwrap();
    let b = store.put(b"hello\nworld\n").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, xxh3_hex(b"hello\nworld\n"));
    assert_eq!(store.stats().entries, 1);
    assert!(store.contains(&a));
}

#[test]
fn lru_evicts_by_entry_count() {
    let store = memory_store(2, 1 << 20);
    let a = store.put(b"a\n").unwrap();
    let b = store.put(b"b\n").unwrap();
    // Touch `a` so `b` becomes the least recently used.
    store.retrieve(&a, 1, 1).unwrap();
    let c = store.put(b"c\n").unwrap();
    assert!(store.contains(&a));
    assert!(!store.contains(&b));
    assert!(store.contains(&c));
    let err = store.retrieve(&b, 1, 1).unwrap_err();
    assert_eq!(err.code(), ErrorCode::RecoveryExpired);
}

#[test]
fn lru_evicts_by_total_bytes() {
    let store = memory_store(100, 25);
    let a = store.put(&[b'a'; 10]).unwrap();
    let b = store.put(&[b'b'; 10]).unwrap();
    let c = store.put(&[b'c'; 10]).unwrap();
    assert!(!store.contains(&a));
    assert!(store.contains(&b) && store.contains(&c));
    assert_eq!(store.stats().bytes, 20);
    // Larger than the whole memory budget without a directory: refused, not silently lost.
    assert_eq!(
        store.put(&[b'x'; 30]).unwrap_err().code(),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn retrieve_returns_exact_lines_with_crlf_and_paging() {
    let store = memory_store(8, 1 << 20);
    let original = b"one\r\ntwo\nthree\r\nfour";
    let id = store.put(original).unwrap();
    let first = store.retrieve(&id, 1, 2).unwrap();
    assert_eq!(first.text, b"one\r\ntwo\n");
    assert_eq!(
        (first.start_line, first.end_line, first.total_lines),
        (1, 2, 4)
    );
    assert_eq!(first.next_start_line, Some(3));
    let rest = store.retrieve(&id, 3, 10).unwrap();
    assert_eq!(rest.text, b"three\r\nfour");
    assert_eq!((rest.end_line, rest.next_start_line), (4, None));
    let whole = store.retrieve(&id, 1, 100).unwrap();
    assert_eq!(whole.text, original);
    let past = store.retrieve(&id, 9, 1).unwrap();
    assert!(past.text.is_empty());
    assert_eq!(
        store.retrieve(&id, 0, 1).unwrap_err().code(),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn path_like_and_malformed_ids_are_refused() {
    let dir = temp_dir("ids");
    let store = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..Default::default()
    })
    .unwrap();
    for id in [
        "../../etc/passwd",
        "/etc/passwd",
        "0123456789ABCDEF",
        "abc",
        "0123456789abcdef/..",
    ] {
        let err = store.retrieve(id, 1, 1).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidArgument, "{id}");
        assert!(!store.contains(id));
    }
    let unknown = store.retrieve("0123456789abcdef", 1, 1).unwrap_err();
    assert_eq!(unknown.code(), ErrorCode::RecoveryExpired);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn durable_blobs_survive_a_new_store_on_the_same_dir() {
    let dir = temp_dir("durable");
    let config = StoreConfig {
        dir: Some(dir.clone()),
        ..Default::default()
    };
    let original = b"alpha\r\nbeta\ngamma\n".to_vec();
    let id = {
        let store = RecoveryStore::open(config.clone()).unwrap();
        store.put(&original).unwrap()
    };
    let reopened = RecoveryStore::open(config).unwrap();
    assert_eq!(reopened.stats().entries, 0);
    assert!(reopened.contains(&id));
    let got = reopened.retrieve(&id, 2, 1).unwrap();
    assert_eq!(got.text, b"beta\n");
    assert_eq!(
        reopened.stats().entries,
        1,
        "disk hit is promoted to memory"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn writes_are_atomic_and_leave_no_temp_files() {
    let dir = temp_dir("atomic");
    let store = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..Default::default()
    })
    .unwrap();
    let id = store.put(b"payload\n").unwrap();
    store.flush().unwrap();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, vec![format!("{id}.blob")]);
    // A torn or tampered blob is never served as the original.
    std::fs::write(dir.join(format!("{id}.blob")), b"garbage").unwrap();
    let fresh = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        fresh.retrieve(&id, 1, 1).unwrap_err().code(),
        ErrorCode::RecoveryExpired
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn disk_budget_prunes_the_oldest_blobs() {
    let dir = temp_dir("budget");
    let store = RecoveryStore::open(StoreConfig {
        max_entries: 1,
        max_bytes: 1 << 20,
        dir: Some(dir.clone()),
        disk_budget_bytes: 250,
    })
    .unwrap();
    let mut ids = Vec::new();
    // A running store ages blobs in write order, not by the clock, so no sleeps are needed.
    for i in 0..5u8 {
        ids.push(store.put(&[b'a' + i; 100]).unwrap());
    }
    store.flush().unwrap();
    let stats = store.stats();
    assert!(stats.disk_bytes <= 250, "{stats:?}");
    assert_eq!(stats.disk_entries, 2);
    assert!(store.contains(&ids[4]) && store.contains(&ids[3]));
    for pruned in &ids[..3] {
        assert!(!store.contains(pruned));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reopened_store_prunes_by_modification_time() {
    let dir = temp_dir("budget-mtime");
    let roomy = StoreConfig {
        max_entries: 1,
        max_bytes: 1 << 20,
        dir: Some(dir.clone()),
        disk_budget_bytes: 1 << 20,
    };
    let ids: Vec<String> = {
        let store = RecoveryStore::open(roomy.clone()).unwrap();
        let ids = (0..5u8)
            .map(|i| store.put(&[b'a' + i; 100]).unwrap())
            .collect();
        store.flush().unwrap();
        ids
    };
    // Modification times set explicitly, newest first in write order, so the open-time scan
    // must follow the clock on disk rather than names or write order.
    let epoch = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    for (i, id) in ids.iter().enumerate() {
        let file = std::fs::File::options()
            .write(true)
            .open(dir.join(format!("{id}.blob")))
            .unwrap();
        file.set_modified(epoch + std::time::Duration::from_secs(60 * (5 - i as u64)))
            .unwrap();
    }
    let tight = RecoveryStore::open(StoreConfig {
        disk_budget_bytes: 250,
        ..roomy
    })
    .unwrap();
    tight.flush().unwrap();
    assert_eq!(tight.stats().disk_entries, 2, "{:?}", tight.stats());
    assert!(tight.contains(&ids[0]) && tight.contains(&ids[1]));
    for pruned in &ids[2..] {
        assert!(!tight.contains(pruned));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn clear_empties_memory_and_disk() {
    let dir = temp_dir("clear");
    let store = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..Default::default()
    })
    .unwrap();
    let id = store.put(b"x\ny\n").unwrap();
    store.clear().unwrap();
    assert!(!store.contains(&id));
    assert_eq!(store.stats(), Default::default());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn store_is_shared_across_threads() {
    let store = Arc::new(memory_store(1000, 1 << 24));
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                for i in 0..200 {
                    let body = format!("thread {t} item {i}\nsecond line\n");
                    let id = store.put(body.as_bytes()).unwrap();
                    assert_eq!(store.retrieve(&id, 2, 1).unwrap().text, b"second line\n");
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(store.stats().entries, 800);
}

#[test]
fn errors_display_their_code() {
    let store = memory_store(1, 10);
    let err = store.retrieve("not-an-id", 1, 1).unwrap_err();
    assert!(err.to_string().starts_with("INVALID_ARGUMENT"));
}

#[test]
fn store_and_results_are_thread_safe_types() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<RecoveryStore>();
    assert_send_sync::<lean_core::compact::Compacted>();
    assert_send_sync::<lean_core::recovery::RecoveryError>();
}

#[test]
fn put_durable_returns_with_the_blob_on_disk_even_while_the_writer_is_held() {
    let dir = temp_dir("durable");
    let store = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..StoreConfig::default()
    })
    .unwrap();
    // The write-behind worker is held: only the durable path can have written the blob.
    let hold = store.hold_writes();
    let original: Vec<u8> = (0..200_000u32)
        .flat_map(|i| format!("line {i}\r\n").into_bytes())
        .collect();
    let id = store.put_durable(&original).unwrap();
    assert_eq!(id, xxh3_hex(&original));
    let blob = dir.join(format!("{id}.blob"));
    assert_eq!(std::fs::read(&blob).unwrap(), original);
    // Nothing half-written beside it, and a store that never saw the put reads it exactly.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec![format!("{id}.blob")]);
    let fresh = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..StoreConfig::default()
    })
    .unwrap();
    assert_eq!(fresh.retrieve(&id, 1, usize::MAX).unwrap().text, original);
    // A repeat of durable content is verified, not rewritten, and returns the same id.
    assert_eq!(store.put_durable(&original).unwrap(), id);
    drop(hold);
    store.flush().unwrap();
    assert_eq!(store.stats().disk_entries, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn put_durable_reports_a_failed_write_and_without_a_dir_is_put() {
    let dir = temp_dir("durable-fail");
    let store = RecoveryStore::open(StoreConfig {
        dir: Some(dir.clone()),
        ..StoreConfig::default()
    })
    .unwrap();
    store.flush().unwrap();
    // The directory is replaced by a file: no blob can be created in it.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, b"not a directory").unwrap();
    let err = store.put_durable(b"an original\n").unwrap_err();
    assert_eq!(err.code(), ErrorCode::RecoveryIo);
    assert_eq!(store.stats().write_failures, 1);
    let _ = std::fs::remove_file(&dir);

    let memory = memory_store(4, 1 << 20);
    let id = memory.put_durable(b"kept in memory\n").unwrap();
    assert_eq!(
        memory.retrieve(&id, 1, 1).unwrap().text,
        b"kept in memory\n"
    );
}
