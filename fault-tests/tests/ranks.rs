//! Issue 33, item 9: the ranks' id exchange over TCP (lessons::ranks) against odd peers on
//! the loopback interface, each scenario in its own process with the exchange's deadline set
//! to a fraction of a second (`LESSONS_RANKS_DEADLINE`): a peer that connects and sends
//! nothing, or a byte at a time, is given up on at the deadline (rank 0 waited 60 s per read,
//! so a peer sending a byte a minute held every rank forever), and an id or a rank number of
//! the wrong length is refused with a sentence naming the peer (a long id was taken, its first
//! 128 bytes a garbage id). The odd peers speak the exchange's protocol (each message opens with
//! its tag, issue 41, item 19) and go wrong after it.
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

use fault_tests::Child;
use lessons::ranks::{loopback_root, Rank, TAG};

const SCENARIOS: &[(&str, fn())] = &[("rank_1", rank_1), ("rank_0", rank_0)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// The variable that sets the exchange's deadline, in seconds.
const DEADLINE_VAR: &str = "LESSONS_RANKS_DEADLINE";

/// The deadline the scenarios are given, in seconds.
const DEADLINE: &str = "0.5";

/// What rank 0's part in `$FAKE_PEER` mode does on a connection, after reading the rank: the tag,
/// then an id of the wrong length or too slowly.
fn odd_rank_0(mode: &str, mut stream: TcpStream) {
    let id = [&TAG[..], &[7u8; 129]].concat();
    let id = &id[..];
    let tagged = |n: usize| TAG.len() + n;
    match mode {
        "short" => stream.write_all(&id[..tagged(127)]).unwrap(),
        "long" => stream.write_all(&id[..tagged(129)]).unwrap(),
        "exact-then-held" => {
            stream.write_all(&id[..tagged(128)]).unwrap();
            std::thread::sleep(Duration::from_secs(3));
        }
        "held-short" => {
            stream.write_all(&id[..tagged(100)]).unwrap();
            std::thread::sleep(Duration::from_secs(30));
        }
        "silent" => std::thread::sleep(Duration::from_secs(30)),
        "dribble" => {
            for byte in &id[..tagged(128)] {
                if stream.write_all(std::slice::from_ref(byte)).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        other => panic!("no mode {other}"),
    }
}

/// Rank 1 of 2 against an odd rank 0 (`$FAKE_PEER`) in a thread: what `share` returned.
fn rank_1() {
    let mode = std::env::var("FAKE_PEER").unwrap();
    let listener = TcpListener::bind(loopback_root().unwrap()).unwrap();
    let root = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut rank = [0u8; TAG.len() + 4];
        stream.read_exact(&mut rank).unwrap();
        odd_rank_0(&mode, stream);
    });
    let start = Instant::now();
    let result = Rank { rank: 1, nranks: 2, root }.share(&[0u8; 128]);
    report(start, result.map(|id| id.len()));
    println!("root: {root}");
}

/// Rank 0 of 2 in a thread, and an odd rank 1 (`$FAKE_PEER`) here: what rank 0's `share`
/// returned, and who the odd peer was.
fn rank_0() {
    let mode = std::env::var("FAKE_PEER").unwrap();
    let root = loopback_root().unwrap();
    let start = Instant::now();
    let rank_0 = std::thread::spawn(move || Rank { rank: 0, nranks: 2, root }.share(&[9u8; 128]));
    let mut stream = connect(root);
    println!("peer: {}", stream.local_addr().unwrap());
    match mode.as_str() {
        "silent" => {}
        "short-hello" => {
            stream.write_all(&[&TAG[..], &[1, 0, 0]].concat()).unwrap();
            stream.shutdown(std::net::Shutdown::Write).unwrap();
        }
        "long-hello" => stream.write_all(&[&TAG[..], &[1, 0, 0, 0, 0, 0, 0, 0]].concat()).unwrap(),
        "dribble" => {
            // (Three bytes of the tag, 300 ms apart: past the deadline.)
            for &byte in &TAG[..3] {
                let _ = stream.write_all(&[byte]);
                std::thread::sleep(Duration::from_millis(300));
            }
        }
        other => panic!("no mode {other}"),
    }
    let result = rank_0.join().unwrap();
    report(start, result.map(|id| id.len()));
}

fn connect(root: SocketAddr) -> TcpStream {
    let start = Instant::now();
    loop {
        match TcpStream::connect(root) {
            Ok(stream) => return stream,
            Err(_) if start.elapsed() < Duration::from_secs(10) => {
                std::thread::sleep(Duration::from_millis(10))
            }
            Err(e) => panic!("rank 0 never listened on {root}: {e}"),
        }
    }
}

fn report(start: Instant, result: Result<usize, lessons::ranks::Error>) {
    println!("after: {} ms", start.elapsed().as_millis());
    match result {
        Ok(n) => println!("ok: {n} bytes"),
        Err(e) => println!("error: {e}"),
    }
}

/// The scenario `name` against a peer in `mode`, with the short deadline: its output.
fn against(name: &str, mode: &str) -> String {
    Child::new(name).env("FAKE_PEER", mode).env(DEADLINE_VAR, DEADLINE).timeout(Duration::from_secs(20)).run()
}

fn line<'a>(out: &'a str, key: &str) -> &'a str {
    // (The first line the scenario prints follows libtest's `test scenario ... `.)
    out.lines()
        .find_map(|l| l.split_once(key).map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("no {key} in:\n{out}"))
}

/// Took no more than the deadline and a second.
fn within_the_deadline(out: &str) {
    let ms: u64 = line(out, "after: ").trim_end_matches(" ms").parse().unwrap();
    assert!(ms < 1500, "{ms} ms, for a deadline of {DEADLINE} s:\n{out}");
}

/// Issue 33, item 9: an id shorter or longer than an `ncclUniqueId` is refused, naming rank 0's
/// address and the byte counts.
#[test]
fn item9_an_id_of_the_wrong_length_is_refused_naming_rank_0() {
    // (The counts are of the whole message, the tag's bytes included.)
    let (short, long) =
        (format!("{} bytes", TAG.len() + 127), format!("more than {} bytes", TAG.len() + 128));
    for (mode, said) in [("short", short), ("long", long)] {
        let out = against("rank_1", mode);
        let error = line(&out, "error: ");
        let root = line(&out, "root: ");
        assert!(error.contains(&format!("rank 0 at {root}")), "{mode}: {error}");
        assert!(error.contains(&said) && error.contains("128"), "{mode}: {error}");
        within_the_deadline(&out);
    }
}

/// Issue 33, item 9: a rank 0 that sends nothing, part of the id, or the id a byte at a time
/// too slowly, is given up on at the deadline, with a sentence naming it and the deadline.
#[test]
fn item9_a_rank_0_that_stalls_is_given_up_on_at_the_deadline() {
    for mode in ["silent", "held-short", "dribble"] {
        let out = against("rank_1", mode);
        let error = line(&out, "error: ");
        let root = line(&out, "root: ");
        assert!(error.contains(&format!("rank 0 at {root}")), "{mode}: {error}");
        assert!(error.contains(&format!("{DEADLINE} s")), "{mode}: {error}");
        within_the_deadline(&out);
    }
}

/// The control: an id of the right length is taken, even from a rank 0 that keeps the
/// connection open after it.
#[test]
fn item9_an_id_of_the_right_length_is_taken() {
    let out = against("rank_1", "exact-then-held");
    assert!(out.contains("ok: 128 bytes"), "{out}");
    within_the_deadline(&out);
}

/// Issue 33, item 9: rank 0 gives up on a peer that connects and sends no rank, or too little,
/// or a byte at a time, at the deadline, and refuses a rank number of the wrong length, naming
/// the peer; it no longer waits 60 s per read (a peer sending a byte a minute held it forever).
#[test]
fn item9_rank_0_refuses_a_peer_that_stalls_or_sends_the_wrong_length() {
    for (mode, said) in [
        ("silent", format!("within {DEADLINE} s")),
        ("dribble", format!("within {DEADLINE} s")),
        ("short-hello", format!("{} bytes", TAG.len() + 3)),
        ("long-hello", format!("more than {} bytes", TAG.len() + 4)),
    ] {
        let out = against("rank_0", mode);
        let error = line(&out, "error: ");
        let peer = line(&out, "peer: ");
        assert!(error.contains(peer), "{mode}: {error}");
        assert!(error.contains(&said), "{mode}: {error}");
        within_the_deadline(&out);
    }
}

/// Issue 33, item 9: the deadline is settable; a value that is not a number of seconds is
/// refused, naming the variable.
#[test]
fn item9_a_deadline_that_is_no_number_of_seconds_is_refused() {
    for value in ["soon", "-1", "0", "inf"] {
        let out = Child::new("rank_1")
            .env("FAKE_PEER", "silent")
            .env(DEADLINE_VAR, value)
            .timeout(Duration::from_secs(20))
            .run();
        let error = line(&out, "error: ");
        assert!(error.contains(&format!("{DEADLINE_VAR}={value}")), "{value}: {error}");
    }
}
