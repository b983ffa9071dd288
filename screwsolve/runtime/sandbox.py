"""Batch work in child processes, each item with its own deadline and memory limit.

A file from a stranger can make sympy work for ever or fill the memory; `SIGALRM` alone is
swallowed by library code that catches `Exception` and ignored by native code. So each item runs
in a worker process: a worker takes items one at a time, an item that overruns its deadline has
its worker killed (and replaced), and a worker lives under RLIMIT_AS. Workers are long-lived, so
the cost of starting one (and of any set-up the work function does once) is paid per worker, not
per item.

The work function is passed explicitly and must be picklable (a module-level function, a
`functools.partial` of one, or an object with `__call__`): under the `spawn` start method (the
default on macOS and Windows) that is how it reaches the worker. SCREWSOLVE_START_METHOD=spawn
selects spawn on Linux too (the tests run both ways).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from screwsolve.limits import DEFAULT_MEMORY_BYTES, DEFAULT_SECONDS
from screwsolve.progress import Reporter, reporting, throttled

T = TypeVar("T")
START_METHOD_VARIABLE = "SCREWSOLVE_START_METHOD"


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """The value, or why there is none ('timeout', 'crash' or 'error')."""

    value: T | None
    failure: str | None = None
    detail: str = ""


class BatchInterruptedError(Exception):
    """SIGINT or SIGTERM arrived while a batch ran; every worker has been stopped."""


def start_method() -> str:
    """fork on Linux (cheap: workers inherit what the parent set up), spawn elsewhere, or what
    SCREWSOLVE_START_METHOD asks for."""
    asked = os.environ.get(START_METHOD_VARIABLE, "")
    if asked in multiprocessing.get_all_start_methods():
        return asked
    return "fork" if sys.platform.startswith("linux") else "spawn"


def _limit_memory(memory: int) -> None:
    try:
        import resource

        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):  # not on this platform: the deadline still holds
        pass


PARENT_WATCH_SECONDS = 0.5


def _die_with_parent() -> None:
    """End this worker as soon as its parent is gone, however it went (SIGKILL, SIGHUP, a
    crash): on Linux the kernel sends SIGKILL (PR_SET_PDEATHSIG); everywhere a thread sees the
    parent's pid change. Otherwise a worker busy with a slow problem outlives a killed
    `check` past every time limit, since only the parent enforces them."""
    import threading

    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # gone before the watch began
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _serve(
    connection: Connection,
    work: Callable[[Any], Any] | None,
    memory: int,
    warm: Callable[[], None] | None = None,
) -> None:
    """A worker: take (index, item) until told to stop, answer (index, status, payload). A
    prestarted worker first runs `warm`, then waits for its work function."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler (a fork inherits it)
    _die_with_parent()
    _limit_memory(memory)
    if warm is not None:
        with suppress(Exception):  # warming is an optimisation: the work reports its own errors
            warm()
    if work is None:
        try:
            work = connection.recv()
        except (EOFError, OSError):
            return
        if work is None:
            return
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        index, item = message
        try:
            with reporting(throttled(_progress_sender(connection, index))):
                reply: tuple[Any, ...] = (index, "ok", work(item))
        except MemoryError:
            connection.send((index, "crash", "out of memory"))
            return  # the heap may be in a bad state: this worker ends
        except BaseException as exc:  # the parent must always hear back
            reply = (index, "error", f"{type(exc).__name__}: {exc}")
        try:
            connection.send(reply)
        except Exception as exc:  # a result that cannot be sent (unpicklable)
            connection.send((index, "error", f"result could not be sent: {exc}"))


def _progress_sender(connection: Connection, index: int) -> Reporter:
    """Reports of the work on item `index`, sent to the parent (lost if it stopped reading)."""

    def send(stage: str, done: int, total: int) -> None:
        with suppress(OSError, ValueError):
            connection.send((index, "progress", (stage, done, total)))

    return send


class _Worker:
    def __init__(
        self,
        context: Any,
        work: Callable[[Any], Any] | None,
        memory: int,
        warm: Callable[[], None] | None = None,
    ) -> None:
        self.connection, child = context.Pipe(duplex=True)
        # Spawned, a worker unpickles what it is started with before it runs a line of its own:
        # a work function (the grader) would import its module there, before `warm` could
        # make the imports lean. It crosses the pipe with the first item instead (read once
        # `warm` is done; sent then, a large one waits for no other worker's start).
        later = warm is not None and context.get_start_method() != "fork"
        self.unsent = work if later else None
        first = None if later else work
        self.process = context.Process(
            target=_serve, args=(child, first, memory, warm), daemon=True
        )
        self.process.start()
        child.close()
        self.memory = memory
        self.index: int | None = None
        self.deadline = 0.0
        self.stage = ""  # the last stage its work reported (said when it is stopped)

    def adopt(self, work: Callable[[Any], Any]) -> None:
        """Give a prestarted worker its work function."""
        self.connection.send(work)

    def give(self, index: int, item: Any, seconds: float) -> None:
        """Send the item (after the work function, the first time, when it was held back); a
        worker gone meanwhile is found by its closed pipe, and its item reported as a crash."""
        with suppress(OSError):
            if self.unsent is not None:
                work, self.unsent = self.unsent, None
                self.connection.send(work)
            self.connection.send((index, item))
        self.index = index
        self.deadline = time.monotonic() + seconds
        self.stage = ""

    def during(self) -> str:
        """' (last stage reported: STAGE)' for a message, when the work reported one."""
        return f" (last stage reported: {self.stage})" if self.stage else ""

    def stop(self, *, kill: bool) -> None:
        if kill:
            if self.process.is_alive():
                self.process.kill()
        else:
            with suppress(OSError, ValueError):
                self.connection.send(None)
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=5)
        self.connection.close()


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGTERM and SIGINT raise BatchInterruptedError in the main thread while the batch runs."""

    def interrupt(signum: int, _frame: Any) -> None:
        raise BatchInterruptedError(signal.Signals(signum).name)

    saved = {}
    try:
        for signum in (signal.SIGINT, signal.SIGTERM):
            saved[signum] = signal.signal(signum, interrupt)
    except ValueError:  # not the main thread: leave the handlers alone
        pass
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


_prestarted: list[_Worker] = []


def prestart(warm: Callable[[], None], memory: int = DEFAULT_MEMORY_BYTES) -> None:
    """Start one worker now, running `warm` (imports, typically) while this process still reads
    its command line; the next `run_many` in a child process takes it. Unused, it is stopped at
    exit."""
    atexit.unregister(_stop_prestarted)  # registered once, however many are started
    atexit.register(_stop_prestarted)
    _prestarted.append(_Worker(multiprocessing.get_context(start_method()), None, memory, warm))


def _stop_prestarted() -> None:
    while _prestarted:
        _prestarted.pop().stop(kill=True)


def _new_worker(
    context: Any,
    work: Callable[[Any], Any],
    memory: int,
    warm: Callable[[], None] | None = None,
) -> _Worker:
    """A prestarted worker if one is waiting with the same memory limit, else a new one that
    runs `warm` first."""
    while _prestarted:
        worker = _prestarted.pop()
        if worker.memory == memory and worker.process.is_alive():
            try:
                worker.adopt(work)
                return worker
            except (OSError, ValueError):
                pass
        worker.stop(kill=True)
    return _Worker(context, work, memory, warm)


def run_many(
    work: Callable[[Any], T],
    items: list[Any],
    *,
    jobs: int = 1,
    seconds: float = DEFAULT_SECONDS,
    memory: int = DEFAULT_MEMORY_BYTES,
    progress: Callable[[int], None] | None = None,
    stages: Reporter | None = None,
    warm: Callable[[], None] | None = None,
) -> list[Outcome[T]]:
    """work(item) for every item, results in input order; `seconds` <= 0 runs in this process.

    Each item has `seconds` of wall-clock time; a timeout or a crash becomes that item's
    Outcome and the batch goes on. Raises BatchInterruptedError (after stopping every worker) on SIGINT
    or SIGTERM. `progress` hears of each item finished; `stages`, of the work's own reports
    (progress.report) inside an item. Each new worker runs `warm` before its first item (its
    imports: runtime.startup.worker_start), a replaced one too.
    """
    if seconds <= 0:
        results = []
        for item in items:
            with reporting(stages or _ignored):
                results.append(Outcome(work(item)))
            if progress:
                progress(1)
        return results
    context = multiprocessing.get_context(start_method())
    outcomes: list[Outcome[T] | None] = [None] * len(items)
    pending = list(range(len(items)))
    pending.reverse()  # pop() from the end takes items in order
    workers: list[_Worker] = []
    try:
        with stop_on_signals():
            for _ in range(worker_count(jobs, len(items))):
                workers.append(_new_worker(context, work, memory, warm))
            _loop(
                context,
                work,
                items,
                outcomes,
                pending,
                workers,
                seconds,
                memory,
                progress,
                stages,
                warm,
            )
    except BaseException:
        for worker in workers:
            worker.stop(kill=True)
        raise
    for worker in workers:
        worker.stop(kill=False)
    return [o if o is not None else Outcome(None, "crash", "no result") for o in outcomes]


def _loop(
    context: Any,
    work: Callable[[Any], T],
    items: list[Any],
    outcomes: list[Outcome[T] | None],
    pending: list[int],
    workers: list[_Worker],
    seconds: float,
    memory: int,
    progress: Callable[[int], None] | None,
    stages: Reporter | None = None,
    warm: Callable[[], None] | None = None,
) -> None:
    def finish(worker: _Worker, outcome: Outcome[T]) -> None:
        assert worker.index is not None
        outcomes[worker.index] = outcome
        worker.index = None
        if progress:
            progress(1)

    def replace(worker: _Worker) -> None:
        worker.stop(kill=True)
        workers.remove(worker)
        if pending:
            workers.append(_Worker(context, work, memory, warm))

    while True:
        for worker in workers:
            if worker.index is None and pending:
                index = pending.pop()
                worker.give(index, items[index], seconds)
        busy = [w for w in workers if w.index is not None]
        if not busy:
            return
        nearest = min(w.deadline for w in busy)
        ready = wait([w.connection for w in busy], timeout=max(0.0, nearest - time.monotonic()))
        now = time.monotonic()
        for worker in list(busy):
            if worker.connection in ready:
                try:
                    index, status, payload = worker.connection.recv()
                except (EOFError, OSError):
                    detail = _exit_detail(worker.process, memory) + worker.during()
                    finish(worker, Outcome(None, "crash", detail))
                    replace(worker)
                    continue
                if status == "progress":
                    worker.stage = _stage_words(*payload)
                    if stages is not None:
                        stages(*payload)
                    continue
                if status == "ok":
                    finish(worker, Outcome(payload))
                else:
                    finish(worker, Outcome(None, status, str(payload)))
                    if status == "crash":
                        replace(worker)
            elif now >= worker.deadline:
                detail = f"took longer than {seconds:g} s{worker.during()}"
                finish(worker, Outcome(None, "timeout", detail))
                replace(worker)


def _stage_words(stage: str, done: int, total: int) -> str:
    """'power coefficients, 12 of 40': where a stopped worker was."""
    return f"{stage}, {done} of {total}" if total else stage


def _ignored(stage: str, done: int, total: int) -> None:
    """Reports nobody asked for."""


# The C library's exit status when it cannot allocate a thread's memory ("cannot allocate
# memory for thread-local data"): what a worker under RLIMIT_AS meets first when symengine
# fills its memory, before Python could raise MemoryError.
_NO_MEMORY_EXIT = 127


def _exit_detail(process: Any, memory: int = DEFAULT_MEMORY_BYTES) -> str:
    process.join(timeout=5)
    code = process.exitcode
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name} (memory limit or signal)"
        except ValueError:
            return f"killed by signal {-code}"
    if code == _NO_MEMORY_EXIT and memory:
        return f"out of memory (the limit is {memory / 1024**3:g} GB; exit code {code})"
    return f"exited with code {code}"


def run_limited(
    work: Callable[..., T],
    *args: Any,
    seconds: float = DEFAULT_SECONDS,
    memory: int = DEFAULT_MEMORY_BYTES,
) -> Outcome[T]:
    """work(*args) in one child process under the same limits; never raises for its sake."""
    return run_many(_Call(work, args), [None], seconds=seconds, memory=memory)[0]


@dataclass(frozen=True)
class _Call(Generic[T]):
    """work(*args), ignoring the item: a picklable closure for run_limited."""

    work: Callable[..., T]
    args: tuple[Any, ...]

    def __call__(self, _item: Any) -> T:
        return self.work(*self.args)


def worker_count(jobs: int, items: int) -> int:
    """The workers `run_many` starts for `items` items at `jobs` at a time: more workers than
    cores only share them, each with its own 2 GB to hold."""
    return min(max(1, jobs), cpu_count(), items)


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
