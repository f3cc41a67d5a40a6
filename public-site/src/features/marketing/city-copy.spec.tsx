/// <reference types="jest" />
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { setCity } from '@/lib/site-config';
import AboutPage from './about-page';

// Issue 26, decision 0600: the flavoured lines of a city come from its row when the operator
// wrote them; otherwise Cleveland keeps its own and any other city reads plainly.
const about = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AboutPage />
    </MemoryRouter>,
  );

describe("the about page's city lines", () => {
  afterAll(() => setCity('Cleveland'));

  it("keeps Cleveland's own line, reads plainly elsewhere, and takes a city's own line when given", () => {
    setCity('Cleveland');
    expect(about()).toContain(
      'Cleveland businesses pay out-of-town agencies to find &quot;influencers&quot; who had never eaten a Polish Boy',
    );
    setCity('Akron');
    expect(about()).toContain('who had never set foot in Akron');
    setCity('Akron', { outsiderTell: 'had never been to a Rubber Ducks game' });
    expect(about()).toContain(
      'Akron businesses pay out-of-town agencies to find &quot;influencers&quot; who had never been to a Rubber Ducks game',
    );
  });
});
