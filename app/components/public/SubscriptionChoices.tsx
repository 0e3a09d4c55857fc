/** What a subscriber chose: News, Events, and how often. */
export interface ChoiceValues {
  news: boolean;
  events: boolean;
  frequency: "posted" | "weekly";
}

/**
 * The choices of /subscribe and of the manage page (docs/product.md, 'E-mail'): plain
 * checkboxes and radio buttons, so the form works without JavaScript. `problem` is the
 * refusal's words when no box was ticked.
 */
export function SubscriptionChoices({ values, problem }: { values: ChoiceValues; problem?: string }) {
  return (
    <>
      <fieldset className="subscribe-form__group" aria-describedby={problem ? "choices-problem" : undefined}>
        <legend>What to receive</legend>
        {problem ? (
          <p id="choices-problem" className="subscribe-form__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <label className="subscribe-form__choice">
          <input type="checkbox" name="news" defaultChecked={values.news} /> News
        </label>
        <label className="subscribe-form__choice">
          <input type="checkbox" name="events" defaultChecked={values.events} /> Events
        </label>
      </fieldset>
      <fieldset className="subscribe-form__group">
        <legend>How often</legend>
        <label className="subscribe-form__choice">
          <input type="radio" name="frequency" value="posted" defaultChecked={values.frequency === "posted"} /> As they
          are posted
        </label>
        <label className="subscribe-form__choice">
          <input type="radio" name="frequency" value="weekly" defaultChecked={values.frequency === "weekly"} /> A weekly
          digest
        </label>
      </fieldset>
    </>
  );
}

/** A confirmation or manage link the /api no longer knows (used, unsubscribed, or forgotten after 7 days). */
export function DeadLink() {
  return (
    <section className="subscribe-page">
      <h1 className="page-title">This link no longer works</h1>
      <p>
        It may have been used already, or the address was unsubscribed, or it was never confirmed and has been
        forgotten.
      </p>
      <p>
        <a href="/subscribe">Subscribe again</a> · <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}
