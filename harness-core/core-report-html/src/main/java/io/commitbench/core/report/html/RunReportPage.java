package io.commitbench.core.report.html;

import io.commitbench.core.report.ResultPage;
import io.commitbench.core.results.RunFolder;
import java.io.IOException;
import java.nio.file.Path;

/** report.html as a page the engine draws at the end of every run. */
public final class RunReportPage implements ResultPage {

  @Override
  public String fileName() {
    return RunFolder.REPORT_HTML;
  }

  @Override
  public Path write(Path runDirectory) throws IOException {
    return RunReportHtml.write(runDirectory);
  }
}
