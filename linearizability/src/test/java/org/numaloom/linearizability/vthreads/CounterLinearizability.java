package org.numaloom.linearizability.vthreads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a history of a counter's {@code incrementAndGet} and {@code get} operations is
 * linearizable, exactly and in O(n log n).
 *
 * <p>The returned values fix the order: the increment that returned {@code v} is the v-th, and a
 * read that returned {@code v} lies between the v-th and the (v+1)-th increment. So a history is
 * linearizable iff the increments returned each of 1..n once, every read returned a value in
 * 0..n, and every operation can be given a point within its own interval [invoked, responded] so
 * that the points follow that order. Placing each point as early as its interval and its
 * predecessors allow is optimal (every constraint is a lower bound carried forward and an upper
 * bound of one operation), so one pass in value order decides it.
 *
 * <p>Intervals recorded around a call are wider than the call itself. Wider intervals only remove
 * constraints, so a violation found here is a real one; the check can miss a violation that
 * happened inside the measuring slack, never invent one.
 */
final class CounterLinearizability {
    private CounterLinearizability() {
    }

    /** Empty if the history is linearizable; otherwise why not, naming the operations involved. */
    static Optional<String> violation(List<CounterOp> history) {
        List<CounterOp> increments = ofKind(history, CounterOp.Kind.INCREMENT);
        List<CounterOp> reads = ofKind(history, CounterOp.Kind.READ);
        int n = increments.size();
        for (int i = 0; i < n; i++) {
            if (increments.get(i).value() != i + 1) {
                return Optional.of(unexpectedIncrementValues(increments, i));
            }
        }
        for (CounterOp read : reads) {
            if (read.value() < 0 || read.value() > n) {
                return Optional.of(read + " returned a value no sequence of " + n + " increments reaches");
            }
        }
        return firstUnplaceable(increments, reads);
    }

    /** The single pass: earliest points, in value order; increments and reads are sorted by value. */
    private static Optional<String> firstUnplaceable(List<CounterOp> increments, List<CounterOp> reads) {
        long earliest = Long.MIN_VALUE;
        CounterOp boundBy = null; // the operation whose interval forced `earliest`
        int nextRead = 0;
        for (int v = 0; v <= increments.size(); v++) {
            if (v > 0) {
                CounterOp increment = increments.get(v - 1);
                if (increment.invoked() >= earliest) {
                    earliest = increment.invoked();
                    boundBy = increment;
                } else if (earliest > increment.responded()) {
                    return Optional.of(outOfOrder(increment, boundBy));
                }
            }
            long latestReadInvocation = earliest;
            CounterOp latestRead = boundBy;
            for (; nextRead < reads.size() && reads.get(nextRead).value() == v; nextRead++) {
                CounterOp read = reads.get(nextRead);
                if (earliest > read.responded()) {
                    return Optional.of(outOfOrder(read, boundBy));
                }
                if (read.invoked() > latestReadInvocation) {
                    latestReadInvocation = read.invoked();
                    latestRead = read;
                }
            }
            earliest = latestReadInvocation;
            boundBy = latestRead;
        }
        return Optional.empty();
    }

    private static String outOfOrder(CounterOp late, CounterOp early) {
        return late + " must take effect after " + early + " (so say the values they returned), but it had responded"
                + " before that operation was invoked";
    }

    private static List<CounterOp> ofKind(List<CounterOp> history, CounterOp.Kind kind) {
        List<CounterOp> ops = new ArrayList<>();
        for (CounterOp op : history) {
            if (op.kind() == kind) {
                ops.add(op);
            }
        }
        ops.sort(Comparator.comparingLong(CounterOp::value));
        return ops;
    }

    private static String unexpectedIncrementValues(List<CounterOp> increments, int position) {
        long expected = position + 1;
        long found = increments.get(position).value();
        if (position > 0 && increments.get(position - 1).value() == found) {
            return "two increments returned " + found + " (a lost update): " + increments.get(position - 1)
                    + " and " + increments.get(position);
        }
        return "no increment returned " + expected + " although " + increments.size()
                + " increments completed (next value returned: " + found + ")";
    }
}
