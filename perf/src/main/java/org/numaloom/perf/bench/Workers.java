package org.numaloom.perf.bench;

import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

import org.numaloom.locks.placement.CpuLocator;

/**
 * The benchmarks' way of running work on virtual threads: {@code N} threads are started, wait at a
 * gate until all exist, are let go together, and are joined. Starting a virtual thread is cheap but
 * not free; the gate keeps the first ones from finishing before the last ones start, which would
 * measure less contention than asked for.
 */
final class Workers {

    /** A half-open range of work items {@code [from, to)}. */
    record Share(int from, int to) {
        int size() {
            return to - from;
        }
    }

    private Workers() {
    }

    /**
     * Runs {@code work} with arguments {@code 0..threads-1}, each on a virtual thread of its own
     * named {@code name + index}, all let go at once; returns when all have finished.
     * A thread that fails prints its stack trace (the default handler) and leaves its work undone,
     * which the benchmark's own check of the result then reports.
     */
    static void runTogether(int threads, String name, IntConsumer work) throws InterruptedException {
        CountDownLatch gate = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int index = i;
            workers[i] = Thread.ofVirtual().name(name, i).start(() -> {
                if (awaitOpen(gate)) {
                    work.accept(index);
                }
            });
        }
        gate.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
    }

    /**
     * Worker {@code i}'s share of {@code items} items split evenly over {@code workers}: the first
     * {@code items % workers} workers take one more.
     */
    static Share shareOf(int i, int workers, int items) {
        int base = items / workers;
        int extra = items % workers;
        int from = i * base + Math.min(i, extra);
        return new Share(from, from + base + (i < extra ? 1 : 0));
    }

    /** The carriers of the virtual-thread scheduler: its parallelism, as the JDK computes its default. */
    static int carriers() {
        return CpuLocator.defaultSchedulerCarriers();
    }

    /** Waits for the gate; false if interrupted (JMH interrupts a run that overstays its timeout). */
    static boolean awaitOpen(CountDownLatch gate) {
        try {
            gate.await();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
