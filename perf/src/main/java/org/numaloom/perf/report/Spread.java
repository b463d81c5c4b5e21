package org.numaloom.perf.report;

import java.util.Arrays;

/**
 * How much the measured iterations of one benchmark varied: the smallest, middle and largest value,
 * and the coefficient of variation (sample standard deviation over the mean). JMH's error says how
 * well the mean is known; the spread says how much one run can differ from the next, which is what
 * pinning carriers is meant to reduce.
 *
 * @param cvPercent the coefficient of variation in percent; NaN for fewer than two values
 */
public record Spread(double min, double median, double max, double cvPercent) {
    static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** The spread of {@code values} (not changed). */
    public static Spread of(double... values) {
        if (values.length == 0) {
            return NONE;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(sorted[0], median, sorted[n - 1], coefficientOfVariation(sorted));
    }

    private static double coefficientOfVariation(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double squares = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        return 100 * Math.sqrt(squares / (values.length - 1)) / mean;
    }
}
