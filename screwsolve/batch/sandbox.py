"""Run one unit of batch work in a child process with CPU, memory and wall-clock limits.

A problem from a stranger can make sympy work forever (`10**10**10` is refused by the grammar,
but a large symbolic system is not); `SIGALRM` alone is swallowed by library code that catches
`Exception` and ignored by native code. A forked child with RLIMIT_CPU and RLIMIT_AS, killed by
the parent at a deadline, always comes back, and costs a few tens of milliseconds.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

from screwsolve.limits import DEFAULT_MEMORY_BYTES, DEFAULT_SECONDS

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """The value, or why there is none ('timeout', 'crash' or 'error')."""

    value: T | None
    failure: str | None = None
    detail: str = ""


def _limit(seconds: float, memory: int) -> None:
    try:
        import resource

        cpu = max(1, int(seconds) + 1)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):  # not on this platform: the deadline still holds
        pass


def _child(
    connection: Connection,
    work: Callable[..., Any],
    args: tuple[Any, ...],
    seconds: float,
    memory: int,
) -> None:
    _limit(seconds, memory)
    try:
        connection.send(("ok", work(*args)))
    except MemoryError:
        connection.send(("crash", "out of memory"))
    except BaseException as exc:  # the parent must always hear back
        connection.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        connection.close()


def _context() -> Any:
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def run_limited(
    work: Callable[..., T],
    *args: Any,
    seconds: float = DEFAULT_SECONDS,
    memory: int = DEFAULT_MEMORY_BYTES,
) -> Outcome[T]:
    """work(*args) in a child process; a timeout or a crash is an Outcome, never an exception."""
    if seconds <= 0:
        return Outcome(work(*args))
    context = _context()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, work, args, seconds, memory))
    process.start()
    send.close()
    try:
        if not receive.poll(seconds):
            return Outcome(None, "timeout", f"took longer than {seconds:g} s")
        try:
            status, payload = receive.recv()
        except (EOFError, OSError):
            return Outcome(None, "crash", _exit_detail(process))
        if status == "ok":
            return Outcome(payload)
        return Outcome(None, status, str(payload))
    finally:
        if process.is_alive():
            process.kill()
        process.join(timeout=5)
        receive.close()


@dataclass
class _Running:
    index: int
    process: Any
    receive: Connection
    deadline: float


def run_many(
    work: Callable[[Any], T],
    items: list[Any],
    *,
    jobs: int = 1,
    seconds: float = DEFAULT_SECONDS,
    memory: int = DEFAULT_MEMORY_BYTES,
    progress: Callable[[int], None] | None = None,
) -> list[Outcome[T]]:
    """work(item) for every item, at most `jobs` children at once, results in input order.

    Scheduled from the calling thread only (no fork from a threaded process).
    """
    import time
    from multiprocessing.connection import wait

    if seconds <= 0:
        results = []
        for item in items:
            results.append(Outcome(work(item)))
            if progress:
                progress(1)
        return results
    context = _context()
    outcomes: list[Outcome[T] | None] = [None] * len(items)
    pending = list(range(len(items)))
    running: list[_Running] = []
    while pending or running:
        while pending and len(running) < max(1, jobs):
            index = pending.pop(0)
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_child, args=(send, work, (items[index],), seconds, memory)
            )
            process.start()
            send.close()
            running.append(_Running(index, process, receive, time.monotonic() + seconds))
        nearest = min(r.deadline for r in running)
        ready = wait([r.receive for r in running], timeout=max(0.0, nearest - time.monotonic()))
        now = time.monotonic()
        for job in list(running):
            if job.receive in ready:
                try:
                    status, payload = job.receive.recv()
                    outcome: Outcome[T] = (
                        Outcome(payload) if status == "ok" else Outcome(None, status, str(payload))
                    )
                except (EOFError, OSError):
                    outcome = Outcome(None, "crash", _exit_detail(job.process))
            elif now >= job.deadline:
                outcome = Outcome(None, "timeout", f"took longer than {seconds:g} s")
            else:
                continue
            if job.process.is_alive():
                job.process.kill()
            job.process.join(timeout=5)
            job.receive.close()
            outcomes[job.index] = outcome
            running.remove(job)
            if progress:
                progress(1)
    return [o if o is not None else Outcome(None, "crash", "no result") for o in outcomes]


def _exit_detail(process: Any) -> str:
    process.join(timeout=5)
    code = process.exitcode
    if code is not None and code < 0:
        try:
            import signal

            return f"killed by {signal.Signals(-code).name} (CPU or memory limit)"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
