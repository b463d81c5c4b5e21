package org.numaloom.perf;

/**
 * How fast one exclusion got through one setting's work items at one thread count.
 *
 * @param actionsPerSecond work items per second, over the whole invocation
 * @param errorPercent     JMH's error (half-width of the 99.9% confidence interval) relative to the
 *                         score, in percent; NaN when JMH could not compute one
 */
record Throughput(Setting setting, String lock, int threads, double actionsPerSecond, double errorPercent) {

    /**
     * From a single-shot score: the seconds one invocation took to do all of the setting's items.
     * Throughput is the inverse of that time, so to first order its relative error is the time's.
     */
    static Throughput ofInvocationTime(Setting setting, String lock, int threads, double seconds, double errorSeconds) {
        return new Throughput(setting, lock, threads, setting.actionsCount() / seconds, 100 * errorSeconds / seconds);
    }
}
