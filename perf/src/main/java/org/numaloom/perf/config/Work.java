package org.numaloom.perf.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one bench does, apart from locks, thread counts and iterations: the parameters of its JMH
 * benchmark, checked. Each kind also knows the most threads it can spread its work over.
 */
public sealed interface Work {

    BenchKind kind();

    /** The JMH {@code @Param} values other than {@code lock} and {@code threads}, by parameter name. */
    Map<String, String> jmhParams();

    /** The largest thread count that still gives every thread some work. */
    long maxThreads();

    /** The field that sets {@link #maxThreads}, for messages. */
    String maxThreadsField();

    /** Units of work (actions, lines, switches) one invocation does with that many threads. */
    long workPerInvocation(int threads);

    /** One line saying what the work is, for tables and the report. */
    String describe();

    /**
     * The seed's consumeCPU work: {@code actionsCount} items, each {@code consumeCPU(beforeCpuTokens)}
     * and {@code yieldsBefore} yields outside, {@code consumeCPU(inCpuTokens)} and (if
     * {@code yieldInCrit}) one yield inside the lock.
     */
    record ConsumeCpu(int actionsCount, long beforeCpuTokens, long inCpuTokens, int yieldsBefore,
                      boolean yieldInCrit) implements Work {
        @Override
        public BenchKind kind() {
            return BenchKind.CONSUME_CPU;
        }

        @Override
        public Map<String, String> jmhParams() {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("actionsCount", String.valueOf(actionsCount));
            params.put("beforeCpuTokens", String.valueOf(beforeCpuTokens));
            params.put("inCpuTokens", String.valueOf(inCpuTokens));
            params.put("yieldsBefore", String.valueOf(yieldsBefore));
            params.put("yieldInCrit", String.valueOf(yieldInCrit));
            return params;
        }

        @Override
        public long maxThreads() {
            return actionsCount;
        }

        @Override
        public String maxThreadsField() {
            return "actionsCount";
        }

        @Override
        public long workPerInvocation(int threads) {
            return actionsCount;
        }

        @Override
        public String describe() {
            return actionsCount + " actions; before the lock: consumeCPU(" + beforeCpuTokens + "), " + yieldsBefore
                    + (yieldsBefore == 1 ? " yield" : " yields") + "; inside: consumeCPU(" + inCpuTokens + ")"
                    + (yieldInCrit ? ", 1 yield" : "");
        }
    }

    /**
     * The classic short critical section: {@code acquisitionsCount} acquisitions of one exclusion,
     * each after {@code outsideWork} xorshift steps of thread-local work and each incrementing
     * {@code sharedWords} shared longs (the first is the counter), with no yields.
     */
    record ShortSection(int acquisitionsCount, int outsideWork, int sharedWords) implements Work {
        @Override
        public BenchKind kind() {
            return BenchKind.SHORT_SECTION;
        }

        @Override
        public Map<String, String> jmhParams() {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("acquisitionsCount", String.valueOf(acquisitionsCount));
            params.put("outsideWork", String.valueOf(outsideWork));
            params.put("sharedWords", String.valueOf(sharedWords));
            return params;
        }

        @Override
        public long maxThreads() {
            return acquisitionsCount;
        }

        @Override
        public String maxThreadsField() {
            return "acquisitionsCount";
        }

        @Override
        public long workPerInvocation(int threads) {
            return acquisitionsCount;
        }

        @Override
        public String describe() {
            return acquisitionsCount + " acquisitions; before each: " + outsideWork
                    + (outsideWork == 1 ? " xorshift step" : " xorshift steps") + " of thread-local work; inside: "
                    + (sharedWords == 1 ? "counter++" : "counter++ and " + (sharedWords - 1) + " more shared longs incremented")
                    + "; no yields";
        }
    }

    /**
     * Word counts of {@code lines} generated lines (from {@code seed}) in {@code maps} hash maps,
     * each under its own lock; {@code maps} 0 means one per carrier.
     */
    record Text(int lines, int maps, long seed) implements Work {
        @Override
        public BenchKind kind() {
            return BenchKind.TEXT;
        }

        @Override
        public Map<String, String> jmhParams() {
            return Map.of("lines", String.valueOf(lines), "maps", String.valueOf(maps), "seed", String.valueOf(seed));
        }

        @Override
        public long maxThreads() {
            return lines;
        }

        @Override
        public String maxThreadsField() {
            return "lines";
        }

        @Override
        public long workPerInvocation(int threads) {
            return lines;
        }

        @Override
        public String describe() {
            return lines + " generated lines (seed " + seed + "), words counted in "
                    + (maps == 0 ? "one hash map per carrier" : maps + " hash maps") + ", each under its own lock";
        }
    }

    /**
     * N threads on one CPU, each yielding {@code yieldsPerThread} times; platform threads only up to
     * {@code platformThreadsUpTo} of them.
     */
    record Switch(int yieldsPerThread, int platformThreadsUpTo) implements Work {
        /** Virtual threads are cheap, but a million parked ones already take a few GiB. */
        static final int MAX_THREADS = 1_000_000;

        @Override
        public BenchKind kind() {
            return BenchKind.SWITCH;
        }

        @Override
        public Map<String, String> jmhParams() {
            return Map.of("yieldsPerThread", String.valueOf(yieldsPerThread));
        }

        @Override
        public long maxThreads() {
            return MAX_THREADS;
        }

        @Override
        public String maxThreadsField() {
            return "the kit's limit on virtual threads";
        }

        @Override
        public long workPerInvocation(int threads) {
            return (long) threads * yieldsPerThread;
        }

        @Override
        public String describe() {
            return "N threads on one CPU, each calling Thread.yield() " + yieldsPerThread
                    + " times; platform threads up to N = " + platformThreadsUpTo;
        }
    }
}
