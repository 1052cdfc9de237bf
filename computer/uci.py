"""A small asyncio UCI client, after python-chess's ``chess/engine.py``.

One subprocess per :class:`UciEngine`. Every exchange with the engine is a
command object (:class:`_Handshake`, :class:`_Ready`, :class:`_Go`) that
writes its lines and then reads the engine's lines until it is done, one
command at a time, so that two requests never interleave. Lines are read
only while a command runs: between commands nothing waits on the engine.
Every command has a deadline, kept by a :class:`~computer.watchdog.Watchdog`
that kills an engine overrunning it. The engine dying is :class:`EngineTerminatedError`; the engine
answering something that makes no sense (or nothing in time) is
:class:`EngineError`. :class:`ManagedEngine` starts an engine on demand and,
once one has failed, starts the next in the background, so that nobody
waits on a broken engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .watchdog import Watchdog

log = logging.getLogger(__name__)

START_TIMEOUT = 10.0  # seconds for ``uci`` / ``isready`` answers
GRACE = 5.0  # seconds a search may overrun its limit before the engine is given up
# Nodes a second below which an engine is taken for hung: a tenth of what one
# loaded core gives, so a node budget ends in a move on a busy machine too.
SLOWEST_NODES_PER_S = 20_000
LONGEST_REST = 63  # requests at most answered without the engine between two starts


class EngineError(RuntimeError):
    """The engine answered something unexpected, or nothing in time."""


class EngineTerminatedError(EngineError):
    """The engine process is gone (it crashed, or was never started)."""


@dataclass(frozen=True, slots=True)
class Limit:
    """How long to search: any of ``time`` (seconds), ``depth`` (plies), ``nodes``;
    ``searchmoves``: the root moves to look at (none: every legal move), so
    that one move can be scored from the position it was played in."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None
    searchmoves: tuple[str, ...] = ()

    def go(self) -> str:
        """The ``go`` command for this limit (``go infinite`` is never sent)."""
        parts = ["go"]
        if self.time is not None:
            parts += ["movetime", str(max(1, round(self.time * 1000)))]
        if self.depth is not None:
            parts += ["depth", str(self.depth)]
        if self.nodes is not None:
            parts += ["nodes", str(self.nodes)]
        if len(parts) == 1:
            raise ValueError("a Limit needs time, depth or nodes")
        if self.searchmoves:
            parts += ["searchmoves", *self.searchmoves]
        return " ".join(parts)

    def timeout(self, grace: float = GRACE) -> float:
        """How long to wait for ``bestmove`` before giving up on the engine: a
        budget of nodes is given the time the slowest machine needs for it."""
        if self.time is not None:
            return self.time + grace
        return grace + START_TIMEOUT + (self.nodes or 0) / SLOWEST_NODES_PER_S


@dataclass(frozen=True, slots=True)
class PlayResult:
    """The engine's choice: ``move`` in UCI text (``None`` when it has none),
    the move it expects in reply, and the last ``info`` it sent (``score`` as
    ``("cp", n)`` or ``("mate", n)`` from the mover's side, ``depth``, ``nodes``).
    ``lines``: with the ``MultiPV`` option above 1, the last ``info`` of each
    line, the best first (empty when the engine numbered none). ``pvs``: the
    principal variation of every ``info`` of the best line, in the order sent
    (a search stopped by its node limit may end on a shorter one).
    """

    move: str | None
    ponder: str | None = None
    info: Mapping[str, object] = field(default_factory=dict)
    lines: tuple[Mapping[str, object], ...] = ()
    pvs: tuple[tuple[str, ...], ...] = ()


def parse_info(line: str) -> dict[str, object]:
    """The fields of an ``info`` line that the client uses."""
    tokens = line.split()[1:]
    info: dict[str, object] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in ("depth", "seldepth", "nodes", "nps", "time", "multipv") and i + 1 < len(
            tokens
        ):
            with contextlib.suppress(ValueError):
                info[token] = int(tokens[i + 1])
            i += 2
        elif token == "score" and i + 2 < len(tokens) and tokens[i + 1] in ("cp", "mate"):
            with contextlib.suppress(ValueError):
                info["score"] = (tokens[i + 1], int(tokens[i + 2]))
            i += 3
        elif token == "pv":
            info["pv"] = tokens[i + 1 :]
            break
        else:
            i += 1
    return info


class _Command(ABC):
    """One exchange: :meth:`start` writes, :meth:`line` reads until it sets ``result``."""

    def __init__(self) -> None:
        self.result: asyncio.Future[object] = asyncio.get_running_loop().create_future()

    @abstractmethod
    def start(self, engine: UciEngine) -> None:
        """Write the command's first lines."""

    @abstractmethod
    def line(self, engine: UciEngine, text: str) -> None:
        """Read one line of the engine's answer."""

    def finish(self, value: object) -> None:
        if not self.result.done():
            self.result.set_result(value)

    def fail(self, error: BaseException) -> None:
        if not self.result.done():
            self.result.set_exception(error)


class _Handshake(_Command):
    """``uci`` → ``id``/``option`` lines → ``uciok``."""

    def start(self, engine: UciEngine) -> None:
        engine.send("uci")

    def line(self, engine: UciEngine, text: str) -> None:
        if text.startswith("id name "):
            engine.id_name = text.removeprefix("id name ").strip()
        elif text.startswith("option name "):
            name = text.removeprefix("option name ").split(" type ")[0].strip()
            engine.options.add(name)
        elif text.strip() == "uciok":
            self.finish(None)


class _Ready(_Command):
    """``isready`` → ``readyok``: everything sent before has been taken in."""

    def start(self, engine: UciEngine) -> None:
        engine.send("isready")

    def line(self, engine: UciEngine, text: str) -> None:
        if text.strip() == "readyok":
            self.finish(None)


class _Go(_Command):
    """``position … moves …`` and ``go …`` → ``info`` lines → ``bestmove``."""

    def __init__(self, fen: str | None, moves: Sequence[str], limit: Limit) -> None:
        super().__init__()
        self.fen, self.moves, self.limit = fen, list(moves), limit
        self.info: dict[str, object] = {}
        self.lines: dict[int, dict[str, object]] = {}
        self.pvs: list[tuple[str, ...]] = []

    def start(self, engine: UciEngine) -> None:
        where = "startpos" if self.fen is None else f"fen {self.fen}"
        tail = f" moves {' '.join(self.moves)}" if self.moves else ""
        engine.send(f"position {where}{tail}")
        engine.send(self.limit.go())

    def line(self, engine: UciEngine, text: str) -> None:
        if text.startswith("info ") and (" score " in text or " pv " in text):
            found = parse_info(text)
            number = found.get("multipv", 1)
            if number == 1:
                self.info.update(found)
                pv = found.get("pv")
                if isinstance(pv, list):
                    self.pvs.append(tuple(str(text) for text in pv))
            if isinstance(number, int):
                self.lines.setdefault(number, {}).update(found)
        elif text.startswith("bestmove"):
            words = text.split()
            if len(words) < 2:
                self.fail(EngineError(f"bad bestmove line: {text!r}"))
                return
            move = None if words[1] in ("(none)", "0000") else words[1]
            ponder = words[3] if len(words) >= 4 and words[2] == "ponder" else None
            lines = tuple(self.lines[n] for n in sorted(self.lines))
            self.finish(PlayResult(move, ponder, dict(self.info), lines, tuple(self.pvs)))


class UciEngine:
    """A running UCI engine. Open with :meth:`open`; close with :meth:`quit`."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.id_name = ""
        self.options: set[str] = set()
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, timeout: float = START_TIMEOUT) -> UciEngine:
        """Start ``path`` and do the ``uci`` handshake.

        :raises EngineTerminatedError: when it cannot be started or dies at once.
        :raises EngineError: when it does not answer ``uciok`` within ``timeout``.
        """
        try:
            process = await asyncio.create_subprocess_exec(
                path,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
            )
        except OSError as exc:
            raise EngineTerminatedError(f"cannot start engine {path!r}: {exc}") from exc
        engine = cls(process)
        try:
            await engine._run(_Handshake(), timeout)
        except BaseException:
            await engine.kill()
            raise
        return engine

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        log.debug("engine << %s", line)
        self.process.stdin.write(line.encode() + b"\n")

    async def _run(self, command: _Command, timeout: float) -> object:
        """Run ``command`` to its end, reading the engine's lines for it.

        :raises EngineTerminatedError: when the engine is or goes away.
        :raises EngineError: when it does not finish within ``timeout`` (the
            engine is then killed: its state is unknown, it is never reused).
        """
        async with self._lock:
            if not self.alive:
                raise EngineTerminatedError("the engine process has ended")
            with Watchdog(self.process, timeout) as guard:
                try:
                    await self._exchange(command)
                except EngineTerminatedError:
                    if not guard.fired:
                        raise
                    await self.kill()
                    raise EngineError(f"no answer from the engine within {timeout:.1f} s") from None
            return command.result.result()

    async def _exchange(self, command: _Command) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            command.start(self)
            await stdin.drain()
            while not command.result.done():
                command.line(self, await self._next_line())
        except OSError as exc:  # a broken pipe: it is gone
            raise EngineTerminatedError("the engine process ended") from exc

    async def _next_line(self) -> str:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            raw = await stdout.readline()
        except ValueError:  # longer than the stream's limit: not UCI at all
            await self.kill()
            raise EngineError("the engine wrote a line far too long") from None
        if not raw:
            raise EngineTerminatedError("the engine process ended")
        text = raw.decode(errors="replace").rstrip("\r\n")
        log.debug("engine >> %s", text)
        return text

    async def configure(self, options: Mapping[str, object]) -> None:
        """``setoption`` each option the engine has, then wait until it is ready.

        :raises EngineError: for an option the engine does not know.
        """
        async with self._lock:
            for name, value in options.items():
                if name not in self.options:
                    raise EngineError(f"the engine has no option {name!r}")
                shown = str(value).lower() if isinstance(value, bool) else value
                self.send(f"setoption name {name} value {shown}")
        await self._run(_Ready(), START_TIMEOUT)

    async def new_game(self) -> None:
        """``ucinewgame``: forget every earlier search (its hash table), so
        that a search with a node limit gives the same answer every time."""
        async with self._lock:
            self.send("ucinewgame")
        await self._run(_Ready(), START_TIMEOUT)

    async def play(
        self, fen: str | None, moves: Sequence[str], limit: Limit, grace: float = GRACE
    ) -> PlayResult:
        """The engine's move in the position ``fen`` (``None``: the start) after ``moves``."""
        result = await self._run(_Go(fen, moves, limit), limit.timeout(grace))
        assert isinstance(result, PlayResult)
        return result

    async def quit(self) -> None:
        """Ask the engine to quit; kill it if it does not within a second."""
        if self.alive:
            with contextlib.suppress(OSError):
                self.send("quit")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.process.wait(), 1.0)
        await self.kill()

    async def kill(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()


class ManagedEngine:
    """An engine started when first needed, and started again after it failed.

    ``options`` are set on every start. A request that fails (the engine
    died, hung past its limit and ``grace``, or answered nonsense) raises at
    once and gives that engine up; the next one starts in the background.
    Until it is up, requests raise :class:`EngineTerminatedError` at once:
    callers play without the engine meanwhile, and never wait on a broken one.
    An engine that keeps failing rests longer each time before it is started
    again (1, 3, 7... requests answered without it), so that a program that
    is broken for good costs a failed request only now and then.
    """

    def __init__(
        self, path: str, options: Mapping[str, object] | None = None, *, grace: float = GRACE
    ) -> None:
        self.path = path
        self.options = dict(options or {})
        self.grace = grace
        self.engine: UciEngine | None = None
        self.starts = 0
        self.failures = 0  # failed requests and starts in a row
        self._rest = 0  # requests still to answer without an engine before a start
        self._first = True  # only the first start is waited for
        self._restart: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def _start(self) -> UciEngine:
        engine = await UciEngine.open(self.path)
        try:
            await engine.configure(self.options)
        except BaseException:
            await engine.kill()
            raise
        self.starts += 1
        return engine

    async def _ready(self) -> UciEngine:
        engine = self.engine
        if engine is not None and engine.alive:
            return engine
        if engine is not None:  # it died between two requests
            self.engine = None
            await engine.kill()
            self._failed()
        if self._first:
            self._first = False
            try:
                self.engine = await self._start()
            except EngineError:
                self._failed()
                raise
            return self.engine
        if self._rest > 0:
            self._rest -= 1
        else:
            await self._give_up()
        raise EngineTerminatedError("the engine is not running; it is being restarted")

    def _failed(self) -> None:
        self.failures += 1
        self._rest = min(2 ** (self.failures - 1) - 1, LONGEST_REST)

    async def _give_up(self) -> None:
        """Kill the current engine, if any, and start another in the background
        unless one is starting already or the engine rests."""
        engine, self.engine = self.engine, None
        if engine is not None:
            await engine.kill()
        if self._rest == 0 and (self._restart is None or self._restart.done()):
            self._restart = asyncio.create_task(self._restart_engine())

    async def _restart_engine(self) -> None:
        try:
            self.engine = await self._start()
        except EngineError as exc:
            self._failed()
            log.warning("the engine %s could not be restarted: %s", self.path, exc)
        else:
            log.info("the engine %s is running again", self.path)

    async def restarted(self) -> None:
        """Wait for the background restart, if one is under way (for tests)."""
        if self._restart is not None:
            await asyncio.shield(self._restart)

    async def play(
        self,
        fen: str | None,
        moves: Sequence[str],
        limit: Limit,
        options: Mapping[str, object] | None = None,
        *,
        new_game: bool = False,
        valid: Callable[[PlayResult], bool] | None = None,
    ) -> PlayResult:
        """The engine's move, with ``options`` (e.g. a skill level) set first
        and, with ``new_game``, every earlier search forgotten; one request at
        a time, so that options never mix between games. An answer that
        ``valid`` refuses is the engine's failure like any other.

        :raises EngineError: the engine failed this request (it is restarted).
        """
        async with self._lock:
            engine = await self._ready()
            try:
                if options:
                    await engine.configure(options)
                if new_game:
                    await engine.new_game()
                result = await engine.play(fen, moves, limit, self.grace)
                if valid is not None and not valid(result):
                    raise EngineError(f"the engine answered nonsense: {result.move!r}")
            except EngineError as exc:
                self._failed()
                log.warning("the engine %s failed (%s); %d in a row", self.path, exc, self.failures)
                await self._give_up()
                raise
            self.failures = 0
            return result

    async def quit(self) -> None:
        if self._restart is not None:
            self._restart.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._restart
        if self.engine is not None:
            await self.engine.quit()
            self.engine = None
