package org.numaloom.mutation;

/** One line of {@code mutants.csv}: what one layer made of one mutant. */
record Row(Mutant mutant, Layer layer, Outcome outcome, String caughtBy, double seconds) {
    static final String CSV_HEADER = "lock,mutant,operator,bradbury,class,method,line,layer,outcome,caught_by,seconds";

    String csv() {
        Operator.Site site = mutant.site();
        return String.join(",", mutant.lock(), quoted(mutant.id()), mutant.operator().name(),
                quoted(mutant.operator().bradbury()), mutant.className().replace('/', '.'), quoted(site.member()),
                Integer.toString(site.line()), layer.label(), outcome.label(), quoted(caughtBy),
                String.format(java.util.Locale.ROOT, "%.1f", seconds));
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
