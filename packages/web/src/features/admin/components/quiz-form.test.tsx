import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import {
  EXPLANATION_MAX,
  GRADES,
  QUESTIONS_PER_ATTEMPT_MESSAGE,
  questionsPerAttemptTooManyMessage,
  type AdminQuestion,
} from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, findToast, renderApp, storeSession } from '../../../test/render-app.tsx';
import { scaleOptionImage } from '../lib/image.ts';
import type * as ImageModule from '../lib/image.ts';
import { quizDetail, quizList, quizRow } from '../testing/fixtures.ts';
import { QuizForm } from './quiz-form.tsx';

// The admin pages are large and lazy: on a busy machine they need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom cannot decode images or draw on a canvas: the browser tests (e2e) cover the scaling.
vi.mock('../lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageModule>()),
  scaleOptionImage: vi.fn(async () => 'data:image/jpeg;base64,U0NBTEVE'),
}));

async function openForm(handlers: Record<string, MockHandler> = {}, button = '+ Create Quiz') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: admin },
    'GET /api/admin/quizzes': { body: quizList([quizRow()]) },
    'GET /api/grades/get-grades': { body: GRADES },
    'GET /api/admin/quizzes/quiz-categories': { body: { categories: ['Science', 'Maths'] } },
    'GET /api/admin/quizzes/q1': { body: quizDetail() },
    ...handlers,
  });
  storeSession(admin);
  const app = renderApp('/admin/quiz-dashboard', { userEventOptions: { delay: null } });
  await screen.findByRole('table', {}, { timeout: 10_000 });
  await app.user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText('Title');
  return { ...app, ...fetch, dialog };
}

/** Fills the smallest valid practice quiz: title, category, one grade, one question with four text options. */
async function fillValidQuiz(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(screen.getByLabelText('Title'), 'Farm Animals');
  await user.selectOptions(screen.getByLabelText('Category'), 'Science');
  await user.click(screen.getByRole('checkbox', { name: 'Class 3' }));
  await user.type(screen.getByLabelText('Question text'), 'Which animal gives milk?');
  for (const [index, text] of ['Cow', 'Dog', 'Cat', 'Hen'].entries()) {
    await user.type(screen.getByLabelText(`Option ${index + 1} text`), text);
  }
}

const KEEP_ORDER = 'Keep the options in this order (for "All of the above" or numbers in order)';
const SAVED_ID_1 = '7d3c8a52-1f0e-4b6a-9c2d-5e8f1a0b3c4d';
const SAVED_ID_2 = '0b9e4f21-6a3d-4c8e-b1f7-2d5a9c6e8f30';

/** A second saved question of the edit fixture: numbers in order, so its options keep their order. */
const savedCounting: AdminQuestion = {
  _id: SAVED_ID_2,
  questionText: 'How many legs has a hen?',
  questionImage: null,
  correctAnswerIndex: 1,
  options: ['1', '2', '3', '4'].map((value) => ({ type: 'text' as const, value })),
  explanation: null,
  explanationImage: null,
  keepOptionOrder: true,
};

// The form is large and typing re-renders it: these tests need more than the default 5 s on a busy machine.
describe('quiz form', { timeout: 30_000 }, () => {
  it('opens as a modal dialog with every field of the spec', async () => {
    const { dialog } = await openForm();
    expect(dialog).toHaveAccessibleName('Create Quiz');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(within(dialog).getByLabelText('Title')).toBeRequired();
    const category = within(dialog).getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Category', 'Science', 'Maths', '+ Add New Category']);
    const grades = within(dialog).getByRole('group', { name: 'Grades' });
    expect(within(grades).getAllByRole('checkbox')).toHaveLength(15);
    expect(within(dialog).getByLabelText(/Show by default/)).not.toBeChecked();
    expect(within(dialog).getByLabelText(/Learn more link/)).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText('Attempts allowed')).toHaveValue(3);
    const perAttempt = within(dialog).getByLabelText('Questions per attempt');
    expect(perAttempt).toHaveValue(null);
    expect(perAttempt).toHaveAccessibleDescription(
      'Leave empty to show all questions. A smaller number makes each attempt a fresh draw from the pool.',
    );
    const question = within(dialog).getByRole('group', { name: 'Question 1' });
    expect(within(question).getAllByLabelText(/^Option \d text$/)).toHaveLength(4);
    expect(within(question).getByRole('checkbox', { name: KEEP_ORDER })).not.toBeChecked();
    const correct = within(question).getByRole('group', { name: 'Correct answer' });
    expect(within(correct).getByRole('radio', { name: 'Option 1' })).toBeChecked();
  });

  it('links the sub-level select to the level and preselects its first sub-level', async () => {
    const { user, dialog } = await openForm();
    const level = within(dialog).getByLabelText('Level');
    expect(level).toHaveValue('0');
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Practice', ...Array.from({ length: 10 }, (_, i) => `Level ${i + 1}`)]);
    expect(within(dialog).queryByLabelText('Sub-level')).not.toBeInTheDocument();

    await user.selectOptions(level, '3');
    const subLevel = within(dialog).getByLabelText('Sub-level');
    expect(subLevel).toHaveValue('L3-C1');
    const options = within(subLevel).getAllByRole('option');
    expect(options).toHaveLength(10);
    expect(options.every((option) => option.getAttribute('value')?.startsWith('L3-C'))).toBe(true);

    await user.selectOptions(subLevel, 'L3-C4');
    await user.selectOptions(level, '10');
    expect(within(dialog).getByLabelText('Sub-level')).toHaveValue('L10-C1');
    await user.selectOptions(level, '0');
    expect(within(dialog).queryByLabelText('Sub-level')).not.toBeInTheDocument();
  });

  it('asks for the new category name when + Add New Category is chosen', async () => {
    const { user, dialog, callsTo } = await openForm({
      'POST /api/admin/quizzes/add': {
        status: 201,
        body: { message: 'Quiz saved successfully!', quiz: quizDetail() },
      },
    });
    await fillValidQuiz(user);
    await user.selectOptions(within(dialog).getByLabelText('Category'), '+ Add New Category');
    const name = within(dialog).getByLabelText('New category name');
    expect(name).toBeRequired();
    await user.type(name, ' Farm Life ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/quizzes/add')[0]?.body).toMatchObject({ category: 'Farm Life' });
  });

  it('disables Remove Question while one question remains', async () => {
    const { user, dialog } = await openForm();
    expect(within(dialog).getByRole('button', { name: 'Remove Question 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '+ Add Question' }));
    expect(within(dialog).getByRole('group', { name: 'Question 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove Question 1' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Remove Question 2' })).toBeEnabled();

    await user.type(within(dialog).getAllByLabelText('Question text')[1] as HTMLElement, 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Question 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Question 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question text')).toHaveValue('Second');
    expect(within(dialog).getByRole('button', { name: 'Remove Question 1' })).toBeDisabled();
  });

  it("alerts 'Question {n} must have either text or image.' and sends nothing", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, dialog, callsTo } = await openForm();
    await fillValidQuiz(user);
    await user.click(within(dialog).getByRole('button', { name: '+ Add Question' }));
    const second = within(dialog).getByRole('group', { name: 'Question 2' });
    for (let i = 1; i <= 4; i += 1)
      await user.type(within(second).getByLabelText(`Option ${i} text`), `o${i}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    expect(alert).toHaveBeenCalledWith('Question 2 must have either text or image.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Question 2 must have either text or image.');
    expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(0);
  });

  it("alerts 'All options must be filled in Question {n}.' and sends nothing", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, dialog, callsTo } = await openForm();
    await fillValidQuiz(user);
    await user.clear(within(dialog).getByLabelText('Option 3 text'));
    await user.type(within(dialog).getByLabelText('Option 3 text'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    expect(alert).toHaveBeenCalledWith('All options must be filled in Question 1.');
    expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(0);
  });

  it('a question image alone is enough, kept as uploaded; an image option is scaled', async () => {
    const { user, dialog, callsTo } = await openForm({
      'POST /api/admin/quizzes/add': { status: 201, body: { message: 'ok', quiz: quizDetail() } },
    });
    await fillValidQuiz(user);
    await user.clear(within(dialog).getByLabelText('Question text'));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cow.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Question image (optional)'), png);
    expect(await within(dialog).findByRole('img', { name: 'Question 1 image' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw==',
    );
    await user.selectOptions(within(dialog).getByLabelText('Option 2 type'), 'Image');
    await user.upload(within(dialog).getByLabelText('Option 2 image'), png);
    await within(dialog).findByRole('img', { name: 'Option 2 image' });
    expect(scaleOptionImage).toHaveBeenCalledWith(png);
    await user.click(within(dialog).getByRole('radio', { name: 'Option 2' }));
    // The explanation: optional text (at most 1000, with a counter) and an image kept as uploaded.
    const explanation = within(dialog).getByLabelText('Explanation (optional)');
    expect(explanation).toHaveAttribute('maxLength', '1000');
    expect(explanation).toHaveAccessibleDescription(/0\/1000 characters/);
    await user.type(explanation, '  Cows give us milk.');
    expect(explanation).toHaveAccessibleDescription(/20\/1000 characters/);
    await user.upload(within(dialog).getByLabelText('Explanation image (optional)'), png);
    expect(await within(dialog).findByRole('img', { name: 'Question 1 explanation image' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw==',
    );
    expect(scaleOptionImage).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    await waitFor(() => expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/quizzes/add')[0]?.body).toEqual({
      title: 'Farm Animals',
      category: 'Science',
      grades: ['c-3'],
      level: 0,
      subLevel: null,
      showByDefault: false,
      learnMoreLink: null,
      attemptsAllowed: 3,
      questionsPerAttempt: null,
      questions: [
        {
          questionText: '',
          questionImage: 'data:image/png;base64,iVBORw==',
          correctAnswerIndex: 1,
          options: [
            { type: 'text', value: 'Cow' },
            { type: 'image', value: 'data:image/jpeg;base64,U0NBTEVE' },
            { type: 'text', value: 'Cat' },
            { type: 'text', value: 'Hen' },
          ],
          explanation: 'Cows give us milk.',
          explanationImage: 'data:image/png;base64,iVBORw==',
          keepOptionOrder: false,
        },
      ],
    });
  });

  it("shows 'Saving...', then closes and shows 'Quiz saved successfully!' for 3 seconds", async () => {
    const toastSpy = vi.spyOn(toast, 'success');
    const save = deferred<MockReply>();
    const { user, dialog, callsTo } = await openForm({ 'POST /api/admin/quizzes/add': () => save.promise });
    await fillValidQuiz(user);
    await user.selectOptions(within(dialog).getByLabelText('Level'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    const saving = within(dialog).getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/quizzes/add')[0]?.body).toMatchObject({ level: 2, subLevel: 'L2-C1' });

    save.resolve({ status: 201, body: { message: 'Quiz saved successfully!', quiz: quizDetail() } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await findToast('Quiz saved successfully!');
    expect(toastSpy).toHaveBeenCalledWith(
      'Quiz saved successfully!',
      expect.objectContaining({ autoClose: 3000 }),
    );
    await waitFor(() => expect(callsTo('GET', '/api/admin/quizzes')).toHaveLength(2));
  });

  it("shows and logs a failed save with the server's message and keeps what was typed", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openForm({
      'POST /api/admin/quizzes/add': {
        status: 400,
        body: { message: 'The Learn More link must start with http:// or https://' },
      },
    });
    await fillValidQuiz(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The Learn More link must start with http:// or https://',
    );
    expect(logged).toHaveBeenCalledWith('Failed to save the quiz', expect.anything());
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Farm Animals');
    expect(within(dialog).getByRole('button', { name: 'Save Quiz' })).toBeEnabled();
  });

  it('edits a quiz: fields start from the saved quiz and PUT sends the same body back', async () => {
    const { user, dialog, callsTo } = await openForm(
      { 'PUT /api/admin/quizzes/q1': { body: { message: 'Quiz saved successfully!', quiz: quizDetail() } } },
      'Edit Animals Around Us',
    );
    expect(dialog).toHaveAccessibleName('Edit Quiz');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Animals Around Us');
    expect(within(dialog).getByLabelText('Level')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Sub-level')).toHaveValue('L2-C3');
    expect(within(dialog).getByRole('checkbox', { name: 'Class 4' })).toBeChecked();
    expect(within(dialog).getByLabelText(/Show by default/)).toBeChecked();
    expect(within(dialog).getByLabelText('Attempts allowed')).toHaveValue(5);
    expect(within(dialog).getByLabelText('Questions per attempt')).toHaveValue(null);
    expect(within(dialog).getByRole('checkbox', { name: KEEP_ORDER })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Option 3' })).toBeChecked();
    expect(within(dialog).getByRole('img', { name: 'Option 3 image' })).toHaveAttribute(
      'src',
      '/api/media/m2',
    );

    expect(within(dialog).getByLabelText('Explanation (optional)')).toHaveValue(
      'Dogs bark to tell their family something.',
    );
    expect(within(dialog).getByRole('img', { name: 'Question 1 explanation image' })).toHaveAttribute(
      'src',
      '/api/media/m3',
    );

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Animals Near Us');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));
    await waitFor(() => expect(callsTo('PUT', '/api/admin/quizzes/q1')).toHaveLength(1));
    expect(callsTo('PUT', '/api/admin/quizzes/q1')[0]?.body).toEqual({
      title: 'Animals Near Us',
      category: 'Science',
      grades: ['c-3', 'c-4'],
      level: 2,
      subLevel: 'L2-C3',
      showByDefault: true,
      learnMoreLink: 'https://example.org/animals',
      attemptsAllowed: 5,
      questionsPerAttempt: null,
      questions: [
        {
          _id: SAVED_ID_1,
          questionText: 'Which animal barks?',
          questionImage: '/api/media/m1',
          correctAnswerIndex: 2,
          options: [
            { type: 'text', value: 'Cat' },
            { type: 'text', value: 'Cow' },
            { type: 'image', value: '/api/media/m2' },
            { type: 'text', value: 'Fish' },
          ],
          explanation: 'Dogs bark to tell their family something.',
          explanationImage: '/api/media/m3',
          keepOptionOrder: false,
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an explanation and its image can be cleared: the body then has none', async () => {
    const { user, dialog, callsTo } = await openForm(
      { 'PUT /api/admin/quizzes/q1': { body: { message: 'Quiz saved successfully!', quiz: quizDetail() } } },
      'Edit Animals Around Us',
    );
    await user.clear(within(dialog).getByLabelText('Explanation (optional)'));
    await user.type(within(dialog).getByLabelText('Explanation (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove explanation image' }));
    expect(
      within(dialog).queryByRole('img', { name: 'Question 1 explanation image' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));
    await waitFor(() => expect(callsTo('PUT', '/api/admin/quizzes/q1')).toHaveLength(1));
    expect(callsTo('PUT', '/api/admin/quizzes/q1')[0]?.body).toMatchObject({
      questions: [{ explanation: null, explanationImage: null }],
    });
  });

  it('sends questions per attempt and a kept option order; new questions carry no id', async () => {
    const { user, dialog, callsTo } = await openForm({
      'POST /api/admin/quizzes/add': { status: 201, body: { message: 'ok', quiz: quizDetail() } },
    });
    await fillValidQuiz(user);
    await user.click(within(dialog).getByRole('button', { name: '+ Add Question' }));
    const second = within(dialog).getByRole('group', { name: 'Question 2' });
    await user.type(within(second).getByLabelText('Question text'), 'How many legs has a cow?');
    for (const [index, text] of ['2', '4', '6', 'All of the above'].entries()) {
      await user.type(within(second).getByLabelText(`Option ${index + 1} text`), text);
    }
    await user.click(within(second).getByRole('checkbox', { name: KEEP_ORDER }));
    expect(within(second).getByRole('checkbox', { name: KEEP_ORDER })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Questions per attempt'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    await waitFor(() => expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(1));
    const body = callsTo('POST', '/api/admin/quizzes/add')[0]?.body as {
      questionsPerAttempt: unknown;
      questions: Array<Record<string, unknown>>;
    };
    expect(body.questionsPerAttempt).toBe(1);
    expect(body.questions.map((question) => question.keepOptionOrder)).toEqual([false, true]);
    expect(body.questions.every((question) => !('_id' in question))).toBe(true);
  });

  it('edits a pool: shows the saved draw size and kept order, sends each saved id back', async () => {
    const detail = quizDetail({ questionsPerAttempt: 1 });
    const { user, dialog, callsTo } = await openForm(
      {
        'GET /api/admin/quizzes/q1': {
          body: { ...detail, questions: [...detail.questions, savedCounting] },
        },
        'PUT /api/admin/quizzes/q1': { body: { message: 'Quiz saved successfully!', quiz: detail } },
      },
      'Edit Animals Around Us',
    );
    const perAttempt = within(dialog).getByLabelText('Questions per attempt');
    expect(perAttempt).toHaveValue(1);
    const first = within(dialog).getByRole('group', { name: 'Question 1' });
    const counting = within(dialog).getByRole('group', { name: 'Question 2' });
    expect(within(first).getByRole('checkbox', { name: KEEP_ORDER })).not.toBeChecked();
    expect(within(counting).getByRole('checkbox', { name: KEEP_ORDER })).toBeChecked();

    // Edit the counting question, add a new one and remove the first: each keeps its own id.
    await user.type(within(counting).getByLabelText('Question text'), ' (count them)');
    await user.click(within(dialog).getByRole('button', { name: '+ Add Question' }));
    const added = within(dialog).getByRole('group', { name: 'Question 3' });
    await user.type(within(added).getByLabelText('Question text'), 'Which animal lays eggs?');
    for (const [index, text] of ['Hen', 'Cow', 'Dog', 'Cat'].entries()) {
      await user.type(within(added).getByLabelText(`Option ${index + 1} text`), text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Remove Question 1' }));
    await user.clear(perAttempt);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    await waitFor(() => expect(callsTo('PUT', '/api/admin/quizzes/q1')).toHaveLength(1));
    const body = callsTo('PUT', '/api/admin/quizzes/q1')[0]?.body as {
      questionsPerAttempt: unknown;
      questions: Array<Record<string, unknown>>;
    };
    expect(body.questionsPerAttempt).toBeNull();
    expect(body.questions).toHaveLength(2);
    expect(body.questions[0]).toEqual({
      ...savedCounting,
      questionText: 'How many legs has a hen? (count them)',
    });
    expect(body.questions[1]).toMatchObject({
      questionText: 'Which animal lays eggs?',
      keepOptionOrder: false,
    });
    expect(body.questions[1]).not.toHaveProperty('_id');
  });

  it.each([
    ['more than the pool holds', '2', questionsPerAttemptTooManyMessage(1)],
    ['0', '0', QUESTIONS_PER_ATTEMPT_MESSAGE],
  ])('questions per attempt %s: alerts the shared message and sends nothing', async (_, typed, message) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, dialog, callsTo } = await openForm();
    await fillValidQuiz(user);
    await user.type(within(dialog).getByLabelText('Questions per attempt'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    expect(alert).toHaveBeenCalledWith(message);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(0);
  });

  it('speaks Hindi: the form, its question and the image error, the quiz data as written', async () => {
    mockFetch({
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/admin/quizzes/quiz-categories': { body: { categories: ['Science'] } },
      'GET /api/admin/quizzes/q1': { body: quizDetail() },
    });
    storeSession(admin);
    showInHindi();
    const user = userEvent.setup({ delay: null });
    render(<QuizForm quizId="q1" onClose={() => undefined} onSaved={() => undefined} />);

    const dialog = await screen.findByRole('dialog', { name: 'क्विज़ बदलें' });
    expect(await within(dialog).findByLabelText('शीर्षक')).toHaveValue('Animals Around Us');
    expect(within(dialog).getByRole('option', { name: 'विज्ञान' })).toHaveValue('Science');
    expect(within(dialog).getByRole('checkbox', { name: 'कक्षा 3' })).toBeChecked();
    const level = within(dialog).getByLabelText('लेवल');
    expect(within(level).getByRole('option', { name: 'अभ्यास' })).toBeInTheDocument();
    expect(within(level).getByRole('option', { name: 'लेवल 10' })).toBeInTheDocument();
    const question = within(dialog).getByRole('group', { name: 'सवाल 1' });
    expect(within(question).getByRole('group', { name: 'सही जवाब' })).toBeInTheDocument();
    expect(within(question).getByLabelText('विकल्प 1 का टेक्स्ट')).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'सवाल 1 हटाएँ' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '+ सवाल जोड़ें' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'क्विज़ सेव करें' })).toBeEnabled();

    const tooLarge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(within(question).getByLabelText('सवाल की तस्वीर (ज़रूरी नहीं)'), tooLarge);
    expect(await within(question).findByRole('alert')).toHaveTextContent(
      'तस्वीर बहुत बड़ी है (ज़्यादा से ज़्यादा 2 MB)।',
    );
  });
});

/** The edit fixture with a Hindi version: its third option is an image, which has no Hindi text. */
function hindiQuizDetail() {
  const detail = quizDetail();
  return {
    ...detail,
    hi: { title: 'हमारे आस-पास के जानवर' },
    questions: detail.questions.map((question) => ({
      ...question,
      hi: {
        questionText: 'कौन-सा जानवर भौंकता है?',
        options: ['बिल्ली', 'गाय', null, 'मछली'],
        explanation: 'कुत्ते भौंककर अपने परिवार को कुछ बताते हैं।',
      },
    })),
  };
}

describe('quiz form in Hindi beside the English (issue 18)', { timeout: 30_000 }, () => {
  it('has a Hindi title and, per question, Hindi fields labelled and marked as Hindi', async () => {
    const { dialog } = await openForm();
    const title = within(dialog).getByLabelText('Title in Hindi (optional)');
    expect(title).toHaveAttribute('lang', 'hi');
    expect(title).not.toBeRequired();
    const question = within(dialog).getByRole('group', { name: 'Question 1' });
    const hindi = within(question).getByRole('group', { name: 'Hindi version (optional)' });
    expect(hindi).toHaveAccessibleDescription(
      'Leave a Hindi option empty to show the English one. Image options are shown as they are.',
    );
    const fields = [
      within(hindi).getByLabelText('Question text in Hindi'),
      ...[1, 2, 3, 4].map((option) => within(hindi).getByLabelText(`Option ${option} in Hindi`)),
      within(hindi).getByLabelText('Explanation in Hindi'),
    ];
    for (const field of fields) expect(field).toHaveAttribute('lang', 'hi');
    expect(within(hindi).getByLabelText('Explanation in Hindi')).toHaveAccessibleDescription(
      `Needed when the question has an explanation. 0/${EXPLANATION_MAX} characters`,
    );
  });

  it('shows each English option as its Hindi placeholder; an image option has no Hindi field', async () => {
    const { user, dialog } = await openForm();
    await fillValidQuiz(user);
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    expect(within(hindi).getByLabelText('Option 1 in Hindi')).toHaveAttribute('placeholder', 'Cow');
    expect(within(hindi).getByLabelText('Option 4 in Hindi')).toHaveAttribute('placeholder', 'Hen');

    await user.type(within(hindi).getByLabelText('Option 2 in Hindi'), 'कुत्ता');
    await user.selectOptions(within(dialog).getByLabelText('Option 2 type'), 'image');
    expect(within(hindi).queryByLabelText('Option 2 in Hindi')).not.toBeInTheDocument();
    expect(within(hindi).getAllByLabelText(/^Option \d in Hindi$/)).toHaveLength(3);
    // Back to text: it starts empty in both languages.
    await user.selectOptions(within(dialog).getByLabelText('Option 2 type'), 'text');
    expect(within(hindi).getByLabelText('Option 2 in Hindi')).toHaveValue('');
  });

  it('sends a filled Hindi version: text, options (empty keeps the English), explanation', async () => {
    const { user, dialog, callsTo } = await openForm({
      'POST /api/admin/quizzes/add': { status: 201, body: { message: 'ok', quiz: quizDetail() } },
    });
    await fillValidQuiz(user);
    await user.type(within(dialog).getByLabelText('Title in Hindi (optional)'), ' खेत के जानवर ');
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    await user.type(within(hindi).getByLabelText('Question text in Hindi'), 'कौन-सा जानवर दूध देता है?');
    for (const [index, text] of ['गाय', 'कुत्ता', '', 'मुर्गी'].entries()) {
      if (text) await user.type(within(hindi).getByLabelText(`Option ${index + 1} in Hindi`), text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    await waitFor(() => expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(1));
    const body = callsTo('POST', '/api/admin/quizzes/add')[0]?.body as {
      hi: unknown;
      questions: Array<Record<string, unknown>>;
    };
    expect(body.hi).toEqual({ title: 'खेत के जानवर' });
    expect(body.questions[0]?.hi).toEqual({
      questionText: 'कौन-सा जानवर दूध देता है?',
      options: ['गाय', 'कुत्ता', null, 'मुर्गी'],
      explanation: null,
    });
  });

  it('edits a quiz with a Hindi version: the fields start from it and an unchanged save keeps it', async () => {
    const detail = hindiQuizDetail();
    const { user, dialog, callsTo } = await openForm(
      {
        'GET /api/admin/quizzes/q1': { body: detail },
        'PUT /api/admin/quizzes/q1': { body: { message: 'Quiz saved successfully!', quiz: detail } },
      },
      'Edit Animals Around Us',
    );
    expect(within(dialog).getByLabelText('Title in Hindi (optional)')).toHaveValue('हमारे आस-पास के जानवर');
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    expect(within(hindi).getByLabelText('Question text in Hindi')).toHaveValue('कौन-सा जानवर भौंकता है?');
    expect(within(hindi).getByLabelText('Option 1 in Hindi')).toHaveValue('बिल्ली');
    expect(within(hindi).getByLabelText('Option 1 in Hindi')).toHaveAttribute('placeholder', 'Cat');
    expect(within(hindi).queryByLabelText('Option 3 in Hindi')).not.toBeInTheDocument();
    expect(within(hindi).getByLabelText('Option 4 in Hindi')).toHaveValue('मछली');
    expect(within(hindi).getByLabelText('Explanation in Hindi')).toHaveValue(
      'कुत्ते भौंककर अपने परिवार को कुछ बताते हैं।',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));
    await waitFor(() => expect(callsTo('PUT', '/api/admin/quizzes/q1')).toHaveLength(1));
    const body = callsTo('PUT', '/api/admin/quizzes/q1')[0]?.body as {
      hi: unknown;
      questions: Array<Record<string, unknown>>;
    };
    expect(body.hi).toEqual(detail.hi);
    expect(body.questions[0]?.hi).toEqual(detail.questions[0]?.hi);
  });

  it('clearing every Hindi field of a question and the Hindi title sends no Hindi version', async () => {
    const detail = hindiQuizDetail();
    const { user, dialog, callsTo } = await openForm(
      {
        'GET /api/admin/quizzes/q1': { body: detail },
        'PUT /api/admin/quizzes/q1': { body: { message: 'Quiz saved successfully!', quiz: quizDetail() } },
      },
      'Edit Animals Around Us',
    );
    await user.clear(within(dialog).getByLabelText('Title in Hindi (optional)'));
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    for (const field of within(hindi).getAllByRole('textbox')) await user.clear(field);
    await user.type(within(hindi).getByLabelText('Option 2 in Hindi'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    await waitFor(() => expect(callsTo('PUT', '/api/admin/quizzes/q1')).toHaveLength(1));
    const body = callsTo('PUT', '/api/admin/quizzes/q1')[0]?.body as {
      questions: Array<Record<string, unknown>>;
    };
    expect(body).not.toHaveProperty('hi');
    expect(body.questions[0]).not.toHaveProperty('hi');
    expect(body.questions[0]).toMatchObject({ _id: SAVED_ID_1, questionText: 'Which animal barks?' });
  });

  it('alerts a Hindi option that repeats another as shown and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, dialog, callsTo } = await openForm();
    await fillValidQuiz(user);
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    await user.type(within(hindi).getByLabelText('Question text in Hindi'), 'कौन-सा जानवर दूध देता है?');
    await user.type(within(hindi).getByLabelText('Option 1 in Hindi'), 'गाय');
    await user.type(within(hindi).getByLabelText('Option 2 in Hindi'), 'गाय');
    await user.click(within(dialog).getByRole('button', { name: 'Save Quiz' }));

    const message = 'Question 1: Hindi option "गाय" appears twice';
    expect(alert).toHaveBeenCalledWith(message);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(callsTo('POST', '/api/admin/quizzes/add')).toHaveLength(0);
  });

  it('speaks Hindi: the Hindi fields and their problem in the admin language', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/admin/quizzes/quiz-categories': { body: { categories: ['Science'] } },
      'GET /api/admin/quizzes/q1': { body: hindiQuizDetail() },
    });
    storeSession(admin);
    showInHindi();
    const user = userEvent.setup({ delay: null });
    render(<QuizForm quizId="q1" onClose={() => undefined} onSaved={() => undefined} />);

    const dialog = await screen.findByRole('dialog', { name: 'क्विज़ बदलें' });
    expect(await within(dialog).findByLabelText('शीर्षक हिन्दी में (ज़रूरी नहीं)')).toHaveValue(
      'हमारे आस-पास के जानवर',
    );
    const hindi = within(dialog).getByRole('group', { name: 'हिन्दी में (ज़रूरी नहीं)' });
    expect(within(hindi).getByLabelText('विकल्प 2 हिन्दी में')).toHaveValue('गाय');
    await user.clear(within(hindi).getByLabelText('सवाल का टेक्स्ट हिन्दी में'));
    await user.click(within(dialog).getByRole('button', { name: 'क्विज़ सेव करें' }));
    expect(alert).toHaveBeenCalledWith(
      'सवाल 1 में हिन्दी विकल्प या ‘समझिए क्यों’ लिखा है, पर हिन्दी में सवाल नहीं लिखा।',
    );
  });
});
