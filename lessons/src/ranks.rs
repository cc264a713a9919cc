//! One process per GPU on one machine, in the shape of a multi-node job: a launcher starts the
//! ranks as child processes (as `torchrun` or `mpirun` would), and rank 0 hands its bytes (an
//! `ncclUniqueId`) to the other ranks over TCP, at an address all of them were given (`--root`).
//! Run by hand on several machines, with rank 0's address as `--root`, the ranks are a
//! multi-node job.
//!
//! Each exchange (a rank's number one way, the bytes the other) has a deadline, [`EXCHANGE`]
//! or what `LESSONS_RANKS_DEADLINE` says, and each message starts with [`TAG`] and has its
//! exact length: a peer that connects and then stalls, sends too little or too much, or sends
//! anything that does not start with the tag (an HTTP server's answer, another version of this
//! exchange) is refused with a sentence that names it and shows what it sent, never waited on
//! forever nor believed.
//!
//! Everything here is std only; the NCCL lessons and the all-reduce benchmark use it.

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

/// How long rank 0 waits for the other ranks to connect, and they for rank 0 to listen.
pub const WAIT: Duration = Duration::from_secs(60);

/// How long one exchange may take once its two ranks are connected, unless [`DEADLINE_VAR`]
/// says otherwise: a few milliseconds on any network, so a peer that takes longer is stalled
/// (or no rank of this job).
pub const EXCHANGE: Duration = Duration::from_secs(10);

/// The variable that sets each exchange's deadline, in seconds (`0.5`, `30`), for every rank.
pub const DEADLINE_VAR: &str = "LESSONS_RANKS_DEADLINE";

/// The bytes each message of the exchange starts with, both ways: they say that the peer is a
/// rank of this exchange, and of its version (`/1`), not another program that happens to listen
/// or connect on `--root`: bytes of the right length alone prove nothing (an HTTP server's
/// answer is as long as it likes).
pub const TAG: &[u8; 16] = b"lessons-ranks/1\n";

/// How long a message's end is waited for once its bytes are in, to see whether more follow: a
/// rank of this job closes its side at once.
const GRACE: Duration = Duration::from_millis(200);

/// The deadline of each exchange: [`DEADLINE_VAR`] if set, else [`EXCHANGE`].
///
/// # Errors
/// The variable is not a number of seconds greater than 0 (and at most a day).
pub fn exchange_deadline() -> Result<Duration, Error> {
    let Some(value) = std::env::var_os(DEADLINE_VAR) else { return Ok(EXCHANGE) };
    let text = value.to_string_lossy();
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            Error(format!(
                "{DEADLINE_VAR}={text} is not a number of seconds from 0 to 86400 (such as 0.5 or 30)"
            ))
        })
}

/// Why a rank could not join or finish: what happened, and what to check. It prints as that
/// sentence, in `main`'s `Error: ...` too.
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error(error.to_string())
    }
}

/// Set in every rank's environment: NVLink SHARP (NVLS) uses NVLink multicast, which on the
/// shared GPU machines can take the host's GPUs out of service. NCCL reads it at
/// communicator creation (<https://docs.nccl.ai/en/latest/env.html#nccl-nvls-enable>).
pub const NVLS_OFF: (&str, &str) = ("NCCL_NVLS_ENABLE", "0");

/// Sets [`NVLS_OFF`] in this process's environment, for NCCL in this process. Call it first
/// thing in `main`, before any thread exists.
pub fn nvls_off() {
    // Sound only while no other thread reads the environment: hence first thing in `main`.
    std::env::set_var(NVLS_OFF.0, NVLS_OFF.1);
}

/// This process's place in the job, from its command line: `--rank R --nranks N --root ADDR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank {
    pub rank: i32,
    pub nranks: i32,
    /// Where rank 0 listens and the others connect.
    pub root: SocketAddr,
}

impl Rank {
    /// The rank given on the command line, or `None` where there is none (the launcher).
    ///
    /// # Errors
    /// A command line that names a rank but not all three values, or values out of range.
    pub fn from_args(args: &[String]) -> Result<Option<Rank>, String> {
        let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
        let (rank, nranks, root) = (value("--rank"), value("--nranks"), value("--root"));
        if rank.is_none() && nranks.is_none() && root.is_none() {
            return Ok(None);
        }
        let usage = "a rank is started as: --rank R --nranks N --root HOST:PORT (0 <= R < N)";
        let (Some(rank), Some(nranks), Some(root)) = (rank, nranks, root) else {
            return Err(format!("{}: {usage}", args.join(" ")));
        };
        let rank: i32 = rank.parse().map_err(|_| format!("--rank {rank}: {usage}"))?;
        let nranks: i32 = nranks.parse().map_err(|_| format!("--nranks {nranks}: {usage}"))?;
        let root: SocketAddr = root.parse().map_err(|_| format!("--root {root}: {usage}"))?;
        if nranks < 1 || !(0..nranks).contains(&rank) {
            return Err(format!("--rank {rank} --nranks {nranks}: {usage}"));
        }
        Ok(Some(Rank { rank, nranks, root }))
    }

    /// The arguments that start this rank.
    pub fn args(&self) -> [String; 6] {
        [
            "--rank".into(),
            self.rank.to_string(),
            "--nranks".into(),
            self.nranks.to_string(),
            "--root".into(),
            self.root.to_string(),
        ]
    }

    /// Rank 0: sends `bytes` to every other rank, once each has connected and said which rank
    /// it is. The others: receive them from rank 0 (`bytes` is ignored). Either way, the bytes
    /// every rank now holds. Each exchange has [`exchange_deadline`]'s deadline.
    ///
    /// # Errors
    /// A rank that does not connect within [`WAIT`], a peer that stalls past the deadline or
    /// sends a message of the wrong length, a rank number twice or out of range, a connection
    /// that breaks, a [`DEADLINE_VAR`] that is no number of seconds: each says which peer and
    /// what to check.
    pub fn share<const N: usize>(&self, bytes: &[u8; N]) -> Result<[u8; N], Error> {
        self.share_within(bytes, exchange_deadline()?)
    }

    /// [`share`](Self::share) with `deadline` for each exchange.
    ///
    /// # Errors
    /// As for [`share`](Self::share).
    pub fn share_within<const N: usize>(
        &self,
        bytes: &[u8; N],
        deadline: Duration,
    ) -> Result<[u8; N], Error> {
        if self.rank == 0 {
            let listener = TcpListener::bind(self.root)
                .map_err(|e| context(e, format!("rank 0 cannot listen on {}", self.root)))?;
            serve(&listener, self.nranks, bytes, deadline)?;
            Ok(*bytes)
        } else {
            let id = receive(self.root, self.rank, N, deadline)?;
            Ok(id.try_into().expect("receive reads exactly N bytes"))
        }
    }
}

/// Rank 0's side: accepts `nranks - 1` connections, each sending [`TAG`] and its rank (4
/// bytes, little-endian), then the end of what it sends, and answers each with [`TAG`],
/// `bytes` and the end.
fn serve(listener: &TcpListener, nranks: i32, bytes: &[u8], deadline: Duration) -> io::Result<()> {
    let root = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let joined_by = Instant::now() + WAIT;
    let mut joined = vec![false; nranks as usize];
    joined[0] = true;
    while joined.contains(&false) {
        let (mut stream, peer) = match listener.accept() {
            Ok(connection) => connection,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock && Instant::now() < joined_by => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                let missing: Vec<usize> = (0..joined.len()).filter(|&r| !joined[r]).collect();
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!(
                        "rank 0 waited {} s on {root} for ranks {missing:?} of {nranks}: were they \
                         started with --root {root}?",
                        WAIT.as_secs()
                    ),
                ));
            }
            Err(e) => return Err(context(e, format!("rank 0 could not accept a rank on {root}"))),
        };
        stream.set_nonblocking(false)?;
        let until = Instant::now() + deadline;
        let not_a_rank = |what: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{peer} connected to rank 0 on {root} and {what}, where a rank sends {} and its number ({} \
                     bytes): no rank of this job (another program on --root {root}?)",
                    shown(TAG),
                    TAG.len() + 4
                ),
            )
        };
        let rank = match read_message(&mut stream, 4, until) {
            Ok(rank) => i32::from_le_bytes(rank.try_into().expect("4 bytes")),
            Err(Short::Closed(n)) => return Err(not_a_rank(format!("sent {n} bytes"))),
            Err(Short::Long) => return Err(not_a_rank(format!("sent more than {} bytes", TAG.len() + 4))),
            Err(Short::TimedOut(n)) => {
                return Err(not_a_rank(format!("sent {n} bytes within {}", seconds(deadline))))
            }
            Err(Short::Foreign(sent)) => return Err(not_a_rank(format!("sent {}", shown(&sent)))),
            Err(Short::Failed(e)) => return Err(context(e, format!("rank 0 could not read from {peer}"))),
        };
        match usize::try_from(rank).ok().filter(|&r| r < joined.len()) {
            Some(r) if !joined[r] => joined[r] = true,
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{peer} says it is rank {rank}: not one of 1..{nranks} still awaited \
                         (two jobs on --root {root}?)"
                    ),
                ))
            }
        }
        stream.set_write_timeout(Some(until.saturating_duration_since(Instant::now()).max(MINIMUM)))?;
        stream
            .write_all(&[&TAG[..], bytes].concat())
            .and_then(|()| stream.shutdown(Shutdown::Write))
            .map_err(|e| context(e, format!("rank 0 could not send to rank {rank} at {peer}")))?;
    }
    Ok(())
}

/// Another rank's side: connects to `root` (retrying until rank 0 listens, up to [`WAIT`]),
/// says its rank (after [`TAG`]), reads [`TAG`] and `n` bytes and their end within `deadline`.
fn receive(root: SocketAddr, rank: i32, n: usize, deadline: Duration) -> io::Result<Vec<u8>> {
    let connect_by = Instant::now() + WAIT;
    let mut stream = loop {
        match TcpStream::connect_timeout(&root, Duration::from_secs(1)) {
            Ok(stream) => break stream,
            Err(_) if Instant::now() < connect_by => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => {
                return Err(context(
                    e,
                    format!("rank {rank} could not reach rank 0 at {root} for {} s", WAIT.as_secs()),
                ))
            }
        }
    };
    let until = Instant::now() + deadline;
    stream.set_write_timeout(Some(deadline))?;
    stream.write_all(&[&TAG[..], &rank.to_le_bytes()].concat())?;
    stream.shutdown(Shutdown::Write)?;
    let total = TAG.len() + n;
    let wrong = |what: String| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "rank {rank}: rank 0 at {root} {what}, where rank 0 sends {} and the {n}-byte id ({total} bytes): no \
                 rank 0 of this job (another program on --root {root}?)",
                shown(TAG)
            ),
        )
    };
    match read_message(&mut stream, n, until) {
        Ok(bytes) => Ok(bytes),
        Err(Short::Closed(got)) => Err(wrong(format!("sent {got} bytes and closed"))),
        Err(Short::Long) => Err(wrong(format!("sent more than {total} bytes"))),
        Err(Short::Foreign(sent)) => Err(wrong(format!("sent {}", shown(&sent)))),
        Err(Short::TimedOut(got)) => Err(io::Error::new(
            io::ErrorKind::TimedOut,
            format!(
                "rank {rank}: rank 0 at {root} sent {got} of its {total} bytes (the tag and the id) within {}: is it \
                 stalled? ({DEADLINE_VAR} sets the deadline)",
                seconds(deadline)
            ),
        )),
        Err(Short::Failed(e)) => Err(context(e, format!("rank {rank}: reading the id from rank 0 at {root}"))),
    }
}

/// The shortest timeout a socket is given (zero would mean none).
const MINIMUM: Duration = Duration::from_millis(1);

/// Why a message was not read whole.
enum Short {
    /// The peer closed after this many bytes (the tag's included).
    Closed(usize),
    /// The deadline passed with this many bytes in.
    TimedOut(usize),
    /// More bytes followed.
    Long,
    /// What came does not start with [`TAG`]: these bytes (the first of them).
    Foreign(Vec<u8>),
    Failed(io::Error),
}

/// [`TAG`] and exactly `n` bytes from `stream` by `until`, then its end (or nothing more within
/// [`GRACE`]): the `n` bytes. Bytes that do not start with the tag are refused as soon as they
/// arrive, whatever their length.
fn read_message(stream: &mut TcpStream, n: usize, until: Instant) -> Result<Vec<u8>, Short> {
    let total = TAG.len() + n;
    let mut bytes = vec![0u8; total + 1];
    let mut got = 0;
    let message = |bytes: &[u8]| bytes[TAG.len()..total].to_vec();
    // Up to `total` bytes, then one more try for a byte past them: the message's end, or more.
    while got <= total {
        let left = until.saturating_duration_since(Instant::now());
        let wait = if got < total { left } else { left.min(GRACE) };
        if wait.is_zero() {
            return if got < total { Err(Short::TimedOut(got)) } else { Ok(message(&bytes)) };
        }
        stream.set_read_timeout(Some(wait.max(MINIMUM))).map_err(Short::Failed)?;
        match stream.read(&mut bytes[got..]) {
            Ok(0) if got < total => return Err(Short::Closed(got)),
            Ok(0) => return Ok(message(&bytes)),
            Ok(k) => {
                let tagged = (got + k).min(TAG.len());
                if bytes[..tagged] != TAG[..tagged] {
                    return Err(Short::Foreign(bytes[..got + k].to_vec()));
                }
                if got + k > total {
                    return Err(Short::Long);
                }
                got += k;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                if got == total {
                    // Nothing more within the grace: a peer that keeps its side open.
                    return Ok(message(&bytes));
                }
            }
            // A reset after the whole message (its tag checked): it was sent.
            Err(_) if got == total => return Ok(message(&bytes)),
            Err(e) => return Err(Short::Failed(e)),
        }
    }
    Ok(message(&bytes))
}

/// The first bytes of a message as text, for a sentence: `"HTTP/1.1 400 Bad Request\r\n..."`
/// (32 bytes at most, escaped).
fn shown(bytes: &[u8]) -> String {
    const SHOWN: usize = 32;
    let more = if bytes.len() > SHOWN { "..." } else { "" };
    format!("\"{}{more}\"", bytes[..bytes.len().min(SHOWN)].escape_ascii())
}

/// A duration as the deadline's variable takes it: `0.5 s`, `10 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

fn context(error: io::Error, what: String) -> io::Error {
    io::Error::new(error.kind(), format!("{what}: {error}"))
}

/// A free port on the loopback interface, for rank 0 to listen on: the system's choice, given
/// back at once (as `torchrun` picks its port; another program could take it in between, and
/// rank 0 then says so).
pub fn loopback_root() -> io::Result<SocketAddr> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?.local_addr()
}

/// Starts `nranks` copies of this program as child processes, rank `r` with `--rank r
/// --nranks N --root ADDR` after `args` and [`NVLS_OFF`] in its environment, and waits for
/// them. When a rank fails, the others are stopped: they would wait for it forever.
///
/// # Errors
/// A rank that could not be started, or that failed: which, and how it ended.
pub fn launch(nranks: i32, args: &[&str]) -> Result<(), Error> {
    let root = loopback_root()?;
    let exe = std::env::current_exe()?;
    let mut children: Vec<(i32, Child)> = Vec::new();
    for rank in 0..nranks {
        let me = Rank { rank, nranks, root };
        let child = Command::new(&exe).args(args).args(me.args()).env(NVLS_OFF.0, NVLS_OFF.1).spawn();
        match child {
            Ok(child) => children.push((rank, child)),
            Err(e) => {
                stop(&mut children);
                return Err(context(e, format!("could not start rank {rank} ({})", exe.display())).into());
            }
        }
    }
    wait_all(children)
}

/// Waits for every rank; at the first that fails, stops the rest.
fn wait_all(mut children: Vec<(i32, Child)>) -> Result<(), Error> {
    while !children.is_empty() {
        let mut failed: Option<(i32, ExitStatus)> = None;
        let mut i = 0;
        while i < children.len() {
            match children[i].1.try_wait()? {
                Some(status) => {
                    let (rank, _) = children.remove(i);
                    if !status.success() && failed.is_none() {
                        failed = Some((rank, status));
                    }
                }
                None => i += 1,
            }
        }
        if let Some((rank, status)) = failed {
            let others: Vec<i32> = children.iter().map(|(r, _)| *r).collect();
            stop(&mut children);
            let stopped =
                if others.is_empty() { String::new() } else { format!("; stopped ranks {others:?}") };
            return Err(Error(format!("rank {rank} failed ({status}){stopped}")));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(())
}

fn stop(children: &mut Vec<(i32, Child)>) {
    for (_, child) in children.iter_mut() {
        let _ = child.kill();
        let _ = child.wait();
    }
    children.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn a_rank_reads_its_command_line() {
        assert_eq!(Rank::from_args(&args("lesson")), Ok(None));
        let rank = Rank::from_args(&args("x --rank 1 --nranks 2 --root 127.0.0.1:7000")).unwrap().unwrap();
        assert_eq!(rank, Rank { rank: 1, nranks: 2, root: "127.0.0.1:7000".parse().unwrap() });
        assert_eq!(Rank::from_args(&rank.args()), Ok(Some(rank)));
        for bad in [
            "--rank 2 --nranks 2 --root 127.0.0.1:1",
            "--rank 0 --nranks 1",
            "--rank x --nranks 1 --root 127.0.0.1:1",
        ] {
            let error = Rank::from_args(&args(bad)).unwrap_err();
            assert!(error.contains("--rank R --nranks N --root HOST:PORT"), "{bad}: {error}");
        }
    }

    /// Four ranks in threads: each ends with rank 0's bytes.
    #[test]
    fn every_rank_gets_rank_0s_bytes() {
        let root = loopback_root().unwrap();
        let id: [u8; 128] = std::array::from_fn(|i| (i * 7 + 3) as u8);
        let ranks: Vec<_> = (0..4)
            .map(|rank| {
                std::thread::spawn(move || {
                    let mine = if rank == 0 { id } else { [0; 128] };
                    Rank { rank, nranks: 4, root }.share(&mine)
                })
            })
            .collect();
        for handle in ranks {
            assert_eq!(handle.join().unwrap().unwrap(), id);
        }
    }

    /// A server on 127.0.0.1 (not a rank: a stand-in for whatever listens on `--root`) that
    /// accepts one connection, reads what it is sent (until the rank's end, a second at most),
    /// answers with `parts`, `pause` between them, keeps the connection `hold`, and closes it.
    /// What it was sent comes back from the thread.
    fn fake_root(
        parts: Vec<Vec<u8>>,
        pause: Duration,
        hold: Duration,
    ) -> (SocketAddr, std::thread::JoinHandle<Vec<u8>>) {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let root = listener.local_addr().unwrap();
        let server = std::thread::spawn(move || {
            listener.set_nonblocking(true).unwrap();
            let until = Instant::now() + Duration::from_secs(10);
            let mut stream = loop {
                match listener.accept() {
                    Ok((stream, _)) => break stream,
                    Err(_) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                    Err(e) => panic!("no rank connected within 10 s: {e}"),
                }
            };
            stream.set_nonblocking(false).unwrap();
            stream.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
            let mut sent = Vec::new();
            let _ = (&mut stream).take(1024).read_to_end(&mut sent);
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    std::thread::sleep(pause);
                }
                let _ = stream.write_all(part);
            }
            std::thread::sleep(hold);
            sent
        });
        (root, server)
    }

    /// Rank 1 of 2 asking `root` for a 128-byte id within `deadline`: the sentence it fails with.
    fn refused(root: SocketAddr, deadline: Duration) -> String {
        match (Rank { rank: 1, nranks: 2, root }).share_within(&[0u8; 128], deadline) {
            Ok(id) => panic!("rank 1 took {:?} from {root} as the id", &id[..16]),
            Err(e) => e.0,
        }
    }

    /// An HTTP server's answer: its status line, then `len` bytes in all.
    fn http(len: usize) -> Vec<u8> {
        let mut answer = b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\n\r\n".to_vec();
        answer.resize(len, b'x');
        answer
    }

    const NONE: Duration = Duration::ZERO;

    #[test]
    fn a_root_that_answers_like_an_http_server_is_refused_whatever_the_length() {
        let deadline = Duration::from_secs(5);
        let said = "rank 1: rank 0 at ROOT sent \"HTTP/1.1 400 Bad Request\\r\\nConten...\", where rank 0 sends \
                    \"lessons-ranks/1\\n\" and the 128-byte id (144 bytes): no rank 0 of this job (another program \
                    on --root ROOT?)";
        for answer in [
            // Longer than a message, as long as one, exactly an id's length (which alone was
            // believed), shorter.
            vec![http(1000)],
            vec![http(TAG.len() + 128)],
            vec![http(128)],
            vec![http(60)],
            // An id's length, then more after a pause past the grace (the first 128 were believed).
            vec![http(128), http(200)],
        ] {
            let (root, server) = fake_root(answer, GRACE * 2, NONE);
            let error = refused(root, deadline);
            assert_eq!(error, said.replace("ROOT", &root.to_string()));
            let sent = server.join().unwrap();
            assert_eq!(sent, [&TAG[..], &1i32.to_le_bytes()].concat(), "the rank says the tag first");
        }
    }

    #[test]
    fn a_root_of_another_protocol_or_version_is_refused_at_its_first_bytes() {
        let deadline = Duration::from_secs(5);
        for (answer, shown) in [
            (b"lessons-ranks/2\n".to_vec(), "\"lessons-ranks/2\\n\""),
            (b"\x00\x01\x02".to_vec(), "\"\\x00\\x01\\x02\""),
            (b"SSH-2.0-OpenSSH_9.6\r\n".to_vec(), "\"SSH-2.0-OpenSSH_9.6\\r\\n\""),
        ] {
            let mut whole = answer.clone();
            whole.extend_from_slice(&[7u8; 128]);
            // Refused with what it sent, before the deadline: the tag is wrong at once.
            let (root, server) = fake_root(vec![answer], NONE, Duration::from_millis(1500));
            let start = Instant::now();
            let error = refused(root, deadline);
            assert!(error.contains(&format!("rank 0 at {root} sent {shown}, where rank 0 sends")), "{error}");
            assert!(start.elapsed() < Duration::from_millis(1400), "{:?}", start.elapsed());
            server.join().unwrap();
            // And with an id's worth of bytes after it.
            let (root, server) = fake_root(vec![whole], NONE, NONE);
            assert!(refused(root, deadline).contains("where rank 0 sends"));
            server.join().unwrap();
        }
    }

    #[test]
    fn short_and_long_answers_with_the_tag_are_refused() {
        let deadline = Duration::from_secs(5);
        let tagged = |len: usize| [&TAG[..], &vec![9u8; len]].concat();
        for (answer, what) in [
            (vec![], "sent 0 bytes and closed"),
            (TAG[..5].to_vec(), "sent 5 bytes and closed"),
            (tagged(0), "sent 16 bytes and closed"),
            (tagged(127), "sent 143 bytes and closed"),
            (tagged(129), "sent more than 144 bytes"),
            (tagged(4096), "sent more than 144 bytes"),
        ] {
            let (root, server) = fake_root(vec![answer], NONE, NONE);
            let error = refused(root, deadline);
            assert!(
                error.starts_with(&format!("rank 1: rank 0 at {root} {what}, where rank 0 sends")),
                "{error}"
            );
            server.join().unwrap();
        }
        // The whole message in pieces, the tag split too: taken.
        let whole: [u8; 128] = std::array::from_fn(|i| i as u8);
        let message = [&TAG[..], &whole].concat();
        let parts = vec![message[..3].to_vec(), message[3..20].to_vec(), message[20..].to_vec()];
        let (root, server) = fake_root(parts, Duration::from_millis(50), NONE);
        assert_eq!((Rank { rank: 1, nranks: 2, root }).share_within(&[0u8; 128], deadline).unwrap(), whole);
        server.join().unwrap();
    }

    #[test]
    fn a_root_that_never_answers_times_out() {
        let deadline = Duration::from_millis(500);
        for (answer, got) in [(vec![], 0), (TAG[..7].to_vec(), 7), (TAG.to_vec(), 16)] {
            let (root, server) = fake_root(vec![answer], NONE, Duration::from_millis(1500));
            let start = Instant::now();
            let error = refused(root, deadline);
            let took = start.elapsed();
            assert_eq!(
                error,
                format!(
                    "rank 1: rank 0 at {root} sent {got} of its 144 bytes (the tag and the id) within 0.5 s: is it \
                     stalled? ({DEADLINE_VAR} sets the deadline)"
                )
            );
            assert!(took >= deadline && took < Duration::from_secs(2), "{took:?}");
            server.join().unwrap();
        }
    }

    /// What rank 0 says of a client on its port that is no rank of this job.
    fn rank_0_refuses(sends: &[u8]) -> String {
        rank_0_refuses_within(sends, NONE, Duration::from_secs(5))
    }

    /// The same, the client keeping its side open `hold` after it sent, rank 0 waiting
    /// `deadline` at most.
    fn rank_0_refuses_within(sends: &[u8], hold: Duration, deadline: Duration) -> String {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let root = listener.local_addr().unwrap();
        let client = {
            let sends = sends.to_vec();
            std::thread::spawn(move || {
                let mut stream = TcpStream::connect_timeout(&root, Duration::from_secs(5)).unwrap();
                stream.write_all(&sends).unwrap();
                std::thread::sleep(hold);
                let _ = stream.shutdown(Shutdown::Write);
                stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
                let mut answer = Vec::new();
                let _ = stream.read_to_end(&mut answer);
                answer
            })
        };
        let error = serve(&listener, 2, &[1u8; 128], deadline).unwrap_err().to_string();
        assert!(client.join().unwrap().is_empty(), "rank 0 answered a client that is no rank");
        error.replace(&root.to_string(), "ROOT")
    }

    #[test]
    fn rank_0_refuses_a_client_without_the_tag() {
        let tail =
            "where a rank sends \"lessons-ranks/1\\n\" and its number (20 bytes): no rank of this job \
                    (another program on --root ROOT?)";
        // (What it read: a rank's message and one byte more.)
        let said = rank_0_refuses(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(said.ends_with(&format!("and sent \"GET / HTTP/1.1\\r\\nHost:\", {tail}")), "{said}");
        // A rank of the exchange before the tag: its 4 bytes alone.
        let said = rank_0_refuses(&1i32.to_le_bytes());
        // (All four in one read on loopback; refused at its first byte either way.)
        assert!(said.contains("and sent \"\\x01") && said.ends_with(&format!("\", {tail}")), "{said}");
        let said = rank_0_refuses(&[&TAG[..], &1i32.to_le_bytes(), b"more"].concat());
        assert!(said.ends_with(&format!("and sent more than 20 bytes, {tail}")), "{said}");
        let said = rank_0_refuses(&TAG[..5]);
        assert!(said.ends_with(&format!("and sent 5 bytes, {tail}")), "{said}");
        // A client that connects and says nothing: refused at the deadline, not waited on.
        let start = Instant::now();
        let said = rank_0_refuses_within(b"", Duration::from_secs(2), Duration::from_millis(300));
        assert!(said.ends_with(&format!("and sent 0 bytes within 0.3 s, {tail}")), "{said}");
        assert!(start.elapsed() < Duration::from_secs(3), "{:?}", start.elapsed());
    }

    /// A rank number that is not awaited is refused with a reason, not served.
    #[test]
    fn rank_0_refuses_a_rank_twice() {
        let root = loopback_root().unwrap();
        let server = std::thread::spawn(move || Rank { rank: 0, nranks: 3, root }.share(&[1u8; 8]));
        assert_eq!(Rank { rank: 1, nranks: 3, root }.share(&[0u8; 8]).unwrap(), [1u8; 8]);
        let twice = Rank { rank: 1, nranks: 3, root }.share(&[0u8; 8]);
        assert!(twice.is_err());
        let error = server.join().unwrap().unwrap_err().0;
        assert!(error.contains("says it is rank 1: not one of 1..3 still awaited"), "{error}");
    }
}
