package org.numaloom.locks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;


/**
 * Many more virtual threads than carriers fight for one lock while the holder yields, parks or
 * sleeps inside its critical section; timed tryLocks and interrupted lockInterruptibly calls are
 * mixed in. A lock that lets a waiter burn a carrier while the holder is unmounted hangs here.
 *
 * <p>Run in a child JVM by {@link CarrierStarvationTest}, with the scheduler's parallelism and
 * maximum pool size set on the command line: a hang must be detected by a timeout from outside,
 * because a carrier spinning forever cannot be stopped from inside the JVM. Prints one line of
 * counts and exits 0 only if they are exact: every successful acquisition incremented the counter
 * once, and no two threads were ever inside together.
 *
 * <p>Usage: {@code CarrierStarvationScenario LOCK_NAME} with the name of a {@link LockCases lock case}
 * or {@code UNBOUNDED_HEAD_SPIN} (the negative control).
 */
public final class CarrierStarvationScenario {
    static final int THREADS = 256;
    static final int ROUNDS = 24;

    private long counter;

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: CarrierStarvationScenario LOCK_NAME");
            System.exit(2);
        }
        System.exit(new CarrierStarvationScenario().run(lockNamed(args[0])) ? 0 : 1);
    }

    static Lock lockNamed(String name) {
        if (name.equals("UNBOUNDED_HEAD_SPIN")) {
            return new UnboundedHeadSpinLock();
        }
        return LockCases.named(name).create();
    }

    /** What one thread does with the lock: the four ways of asking, and the ways to pass the time inside. */
    private enum Style { LOCK_AND_YIELD, LOCK_AND_PARK, TIMED_TRY_LOCK, INTERRUPTIBLE }

    boolean run(Lock lock) throws InterruptedException {
        AtomicLong acquisitions = new AtomicLong();
        AtomicLong timeouts = new AtomicLong();
        AtomicLong interrupts = new AtomicLong();
        LockCases.Occupancy occupancy = new LockCases.Occupancy();
        List<Thread> interruptible = new ArrayList<>();
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Style style = Style.values()[t % Style.values().length];
            Thread thread = Thread.ofVirtual().name("starver-" + t).unstarted(() -> {
                for (int round = 0; round < ROUNDS; round++) {
                    Thread.yield();
                    try {
                        if (!acquire(lock, style)) {
                            timeouts.incrementAndGet();
                            continue;
                        }
                    } catch (InterruptedException e) {
                        interrupts.incrementAndGet();
                        continue;
                    }
                    try {
                        occupancy.enter();
                        counter++;
                        passTimeInside(style, round);
                        occupancy.leave();
                    } finally {
                        lock.unlock();
                    }
                    acquisitions.incrementAndGet();
                }
            });
            all.add(thread);
            if (style == Style.INTERRUPTIBLE) {
                interruptible.add(thread);
            }
        }
        AtomicBoolean running = new AtomicBoolean(true);
        Thread interrupter = Thread.ofPlatform().daemon().name("interrupter").start(() -> {
            while (running.get()) {
                interruptible.get(ThreadLocalRandom.current().nextInt(interruptible.size())).interrupt();
                LockSupport.parkNanos(200_000);
            }
        });
        long start = System.nanoTime();
        all.forEach(Thread::start);
        for (Thread thread : all) {
            thread.join();
        }
        running.set(false);
        interrupter.join();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        boolean exact = counter == acquisitions.get() && occupancy.worst() == 1
                && acquisitions.get() + timeouts.get() + interrupts.get() == (long) THREADS * ROUNDS;
        System.out.printf("%s counter=%d acquisitions=%d timeouts=%d interrupts=%d worstOccupancy=%d millis=%d%n",
                exact ? "EXACT" : "WRONG", counter, acquisitions.get(), timeouts.get(), interrupts.get(),
                occupancy.worst(), millis);
        return exact;
    }

    private static boolean acquire(Lock lock, Style style) throws InterruptedException {
        switch (style) {
            case TIMED_TRY_LOCK -> {
                return lock.tryLock(2, TimeUnit.MILLISECONDS);
            }
            case INTERRUPTIBLE -> lock.lockInterruptibly();
            default -> lock.lock();
        }
        return true;
    }

    private static void passTimeInside(Style style, int round) {
        switch (style) {
            case LOCK_AND_PARK -> LockSupport.parkNanos(20_000);
            case TIMED_TRY_LOCK -> sleepUninterruptibly(Duration.ofNanos(10_000 + round * 1_000L));
            default -> Thread.yield();
        }
    }

    private static void sleepUninterruptibly(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
