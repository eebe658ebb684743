import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import { createImageStore } from '../lib/create-image-store';
import { StorageUnavailable } from '../lib/image-store';
import { storeImage } from '../lib/images';
import { newCategoryTerms } from '../modules/categories/category.repository';
import type { DB } from '../db/database';
import { gradientPng, type Rgb } from './png';
import type { DemoContext } from './seed-foundation';

interface DemoCategory {
  title: string;
  description: string | null;
  colours?: [Rgb, Rgb];
}

const CATEGORIES: DemoCategory[] = [
  { title: 'Anxiety', description: 'Understanding worry, panic and nervousness, and practical ways to calm the body and mind.', colours: [[94, 129, 244], [155, 196, 255]] },
  { title: 'Stress Management', description: 'Coping with pressure from school, work and home before it becomes overwhelming.', colours: [[46, 160, 130], [160, 220, 190]] },
  { title: 'Academic Concerns', description: 'Study habits, exam preparation, procrastination and balancing academic load.', colours: [[230, 150, 60], [250, 210, 140]] },
  { title: 'Relationships', description: 'Family, friendships, dating and communicating needs and boundaries.', colours: [[214, 92, 130], [245, 180, 200]] },
  { title: 'Career Guidance', description: 'Choosing a course or career path, preparing for interviews and handling work transitions.' },
  { title: 'Grief and Loss', description: 'Support for the loss of a loved one and other losses that change our lives.', colours: [[110, 100, 160], [190, 180, 225]] },
  { title: 'Self-Care and Wellness', description: null },
];

interface DemoResource {
  title: string;
  type: string;
  categories: string[];
  published: boolean;
  image?: [Rgb, Rgb];
  content: string;
}

const RESOURCES: DemoResource[] = [
  {
    title: 'Box Breathing: A Two-Minute Reset for Anxious Moments',
    type: 'guide',
    categories: ['Anxiety', 'Stress Management'],
    published: true,
    image: [[70, 110, 220], [140, 200, 250]],
    content:
      'When anxiety rises, breathing usually becomes fast and shallow, which tells the body it is in danger. Box breathing slows the breath on purpose and sends the opposite message.\n\n' +
      'How to do it: breathe in through your nose for a count of four. Hold your breath for four. Breathe out slowly through your mouth for four. Hold again for four. That is one "box". Repeat four to six times.\n\n' +
      'Tips: sit with both feet on the floor and one hand on your stomach so you can feel it rise. If four counts feels too long, start with three. Practise once a day when you are calm, so the skill is ready when you need it — before an exam, a presentation or a difficult conversation.\n\n' +
      'If anxious feelings keep you from sleeping, eating or going to class for more than two weeks, book an appointment with a counselor. You do not have to manage it alone.',
  },
  {
    title: 'Recognising a Panic Attack and What to Do During One',
    type: 'article',
    categories: ['Anxiety'],
    published: true,
    content:
      'A panic attack is a sudden wave of intense fear with strong physical symptoms: a racing heart, chest tightness, dizziness, trembling, sweating, or a feeling of unreality. It usually peaks within ten minutes and then passes.\n\n' +
      'During an attack: remind yourself that it is frightening but not dangerous, and that it will pass. Ground yourself with the 5-4-3-2-1 technique — name five things you can see, four you can touch, three you can hear, two you can smell and one you can taste. Breathe out longer than you breathe in.\n\n' +
      'Afterwards: rest, drink some water and tell someone you trust. Keep a short note of when it happened and what you were doing; patterns help you and your counselor plan.\n\n' +
      'Chest pain that does not ease, or symptoms you have never had before, need medical attention first. Call the school clinic or emergency services.',
  },
  {
    title: 'Managing Exam Stress: A Week-by-Week Plan',
    type: 'guide',
    categories: ['Academic Concerns', 'Stress Management'],
    published: true,
    image: [[225, 140, 50], [250, 215, 150]],
    content:
      'Three weeks before: list every subject and topic, mark the ones you feel least sure about, and block two or three short study sessions a day in your calendar. Short sessions with breaks beat all-night cramming.\n\n' +
      'Two weeks before: switch from reading to testing yourself. Use past papers, flashcards or explain a topic out loud to a classmate. Retrieval practice is the single most effective study method we know.\n\n' +
      'The last week: protect your sleep (seven to nine hours), eat regular meals and keep moving — a twenty-minute walk improves concentration. Avoid comparing your preparation with others.\n\n' +
      'On the day: arrive early, read every question once before starting, and answer the ones you know first. If your mind goes blank, put the pen down and take three slow breaths.',
  },
  {
    title: 'Beating Procrastination with the Two-Minute Rule',
    type: 'article',
    categories: ['Academic Concerns'],
    published: true,
    content:
      'Procrastination is rarely laziness. More often it is a way to avoid an unpleasant feeling: boredom, confusion, or the fear of doing badly.\n\n' +
      'The two-minute rule: if a task takes less than two minutes, do it now. If it is bigger, commit to only the first two minutes — open the document, write the title, read the first paragraph of the assignment. Starting is the hardest part; once you begin, continuing is much easier.\n\n' +
      'Make tasks concrete ("write the introduction of my history essay") instead of vague ("work on history"). Put your phone in another room for one 25-minute focus session, then take a five-minute break.\n\n' +
      'Be kind to yourself when you slip. Self-criticism makes avoidance worse; self-compassion makes it easier to try again.',
  },
  {
    title: 'Healthy Boundaries in Friendships and Relationships',
    type: 'article',
    categories: ['Relationships'],
    published: true,
    image: [[200, 80, 120], [245, 185, 205]],
    content:
      'A boundary is a clear statement of what you are and are not comfortable with. Healthy relationships have them, and respecting each other’s boundaries is a sign of care, not rejection.\n\n' +
      'Signs a boundary is needed: you often feel resentful, drained or pressured after spending time with someone; you say yes when you mean no; your time, money or belongings are used without asking.\n\n' +
      'How to set one: be short and specific, use "I" statements, and do not over-explain. For example: "I can’t talk on the phone after 10 pm because I need to sleep. Let’s talk tomorrow at lunch."\n\n' +
      'If someone repeatedly ignores your boundaries, controls who you see, checks your phone or makes you feel afraid, that is not a healthy relationship. Talk to a counselor — conversations are confidential.',
  },
  {
    title: 'Talking with Your Family About Difficult Topics',
    type: 'guide',
    categories: ['Relationships'],
    published: true,
    content:
      'Many of us find it hard to bring up grades, career choices, money or feelings at home. A little preparation makes these conversations go better.\n\n' +
      'Pick the moment: choose a calm time, not during an argument or when someone is rushing out. Start with what you both care about ("I know you want me to have a good future"). Say what you feel and what you need, then listen without interrupting.\n\n' +
      'Expect that one conversation may not settle everything. It is fine to pause and continue another day. If conversations at home often turn into shouting or you do not feel safe, please reach out to the counselling office.',
  },
  {
    title: 'Choosing a Course or Career Path That Fits You',
    type: 'guide',
    categories: ['Career Guidance', 'Academic Concerns'],
    published: true,
    content:
      'Good career decisions bring together three things: what you enjoy, what you are good at, and what opportunities exist.\n\n' +
      'Start by listing activities that make you lose track of time, subjects where you do well without much struggle, and values that matter to you (helping people, creativity, stability, income). Then research two or three fields: read job descriptions, talk to people working in them, and look at what the first year of study involves.\n\n' +
      'Your counselor can arrange an interest and aptitude assessment and help you compare options. Changing your mind later is normal — most people change direction more than once.',
  },
  {
    title: 'Preparing for Your First Job Interview',
    type: 'article',
    categories: ['Career Guidance'],
    published: false,
    content:
      'Research the organisation and the role, and prepare three short stories that show your strengths: a problem you solved, a time you worked in a team, and something you learned from a mistake.\n\n' +
      'Practise answering out loud. Prepare two questions to ask the interviewer. Plan your route and arrive ten minutes early. Afterwards, send a short thank-you message.\n\n' +
      'Mock interviews are available through the counselling office; book one under Career Guidance.',
  },
  {
    title: 'Understanding Grief: There Is No Right Way to Mourn',
    type: 'article',
    categories: ['Grief and Loss'],
    published: true,
    image: [[95, 85, 150], [185, 175, 225]],
    content:
      'Grief is the natural response to losing someone or something important. It can bring sadness, anger, guilt, numbness, trouble sleeping or concentrating, and even physical aches.\n\n' +
      'Grief does not follow neat stages or a timetable. Some days will feel almost normal and others very heavy, sometimes triggered by a song, a date or a place. This is expected.\n\n' +
      'What helps: keep simple routines, eat and sleep as regularly as you can, let people know what kind of support you want, and find ways to remember — writing a letter, looking at photos, or visiting a meaningful place.\n\n' +
      'If months pass and the pain is not easing, or you have thoughts of not wanting to live, please talk to a counselor right away.',
  },
  {
    title: 'Supporting a Friend Who Is Grieving',
    type: 'guide',
    categories: ['Grief and Loss', 'Relationships'],
    published: true,
    content:
      'You do not need the perfect words. Saying "I’m so sorry. I’m here for you" and then listening is often enough.\n\n' +
      'Offer specific help ("Can I bring lunch on Thursday?") instead of "Let me know if you need anything". Say the name of the person who died; many grieving people want to talk about them. Keep checking in after the first weeks, when others have moved on.\n\n' +
      'Avoid comparing losses or rushing them to feel better. If your friend talks about hopelessness or self-harm, stay with them and get help from a counselor or emergency services.',
  },
  {
    title: 'Sleep Hygiene: Small Habits for Better Rest',
    type: 'guide',
    categories: ['Self-Care and Wellness', 'Stress Management'],
    published: true,
    image: [[40, 70, 120], [110, 150, 200]],
    content:
      'Sleep affects mood, memory and concentration more than almost anything else. Most young adults need seven to nine hours.\n\n' +
      'Keep the same wake-up time every day, including weekends. Stop screens thirty to sixty minutes before bed or use night mode. Keep the room cool, dark and quiet. Avoid coffee, energy drinks and milk tea after 2 pm.\n\n' +
      'If you cannot sleep after twenty minutes, get up and do something calm in dim light until you feel sleepy. A short wind-down routine — a warm shower, light stretching, writing tomorrow’s to-do list — tells your brain it is time to rest.',
  },
  {
    title: 'Mindfulness for Beginners: Five Minutes a Day',
    type: 'article',
    categories: ['Self-Care and Wellness', 'Anxiety'],
    published: false,
    content:
      'Mindfulness means paying attention to the present moment, on purpose and without judging it. Regular practice can reduce stress and improve focus.\n\n' +
      'Try this: sit comfortably, close your eyes or lower your gaze, and notice the feeling of your breath at the nostrils or belly. When your mind wanders — and it will — gently bring it back. That returning is the exercise.\n\n' +
      'Start with five minutes a day at the same time. Free guided recordings are available at the counselling office.',
  },
  {
    title: 'Burnout in the Workplace: Warning Signs for Personnel',
    type: 'article',
    categories: ['Stress Management', 'Career Guidance'],
    published: false,
    content:
      'Burnout is a state of exhaustion caused by long-term work stress. Its signs include constant tiredness, cynicism about work that used to matter to you, and feeling that nothing you do makes a difference.\n\n' +
      'Talk with your supervisor about workload and priorities, take your leave days, and protect time after work for rest and people you care about. Personnel may book confidential sessions with the counselling office.',
  },
];

/** The library's demo data: seven categories and thirteen resources (published and drafts), some with images. */
export async function seedLibrary(db: DB, config: AppConfig, ctx: DemoContext): Promise<void> {
  // Image files are written first; rows that name them are then inserted in one transaction.
  const images = createImageStore(config);
  // A bucket out of reach at the first start does not stop the server: the demo library goes without pictures.
  let reachable = true;
  const picture = async (from: Rgb, to: Rgb): Promise<string | null> => {
    if (!reachable) return null;
    return storeImage(images, gradientPng(480, 270, from, to)).catch((err: unknown) => {
      if (!(err instanceof StorageUnavailable)) throw err;
      reachable = false;
      return null;
    });
  };
  const catImages = new Map<string, string | null>();
  for (const c of CATEGORIES) {
    if (c.colours) catImages.set(c.title, await picture(c.colours[0], c.colours[1]));
  }
  const resImages = new Map<string, string | null>();
  for (const r of RESOURCES) {
    if (r.image) resImages.set(r.title, await picture(r.image[0], r.image[1]));
  }
  const author = ctx.counselors[0] ?? ctx.admin;
  const start = Date.now() - 60 * 24 * 3600 * 1000;
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const [i, c] of CATEGORIES.entries()) {
      const at = new Date(start + i * 3600 * 1000).toISOString();
      const row = await trx
        .insertInto('categories')
        .values({
          uuid: randomUUID(),
          company_id: ctx.company.id,
          title: c.title,
          description: c.description,
          image_path: catImages.get(c.title) ?? null,
          name: c.title,
          ...newCategoryTerms(),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(c.title, row.id);
    }
    for (const [i, r] of RESOURCES.entries()) {
      // Spread over the last two months, a few days apart, the first listed being the oldest.
      const at = new Date(start + (i + 1) * 4.5 * 24 * 3600 * 1000).toISOString();
      const row = await trx
        .insertInto('resources')
        .values({
          uuid: randomUUID(),
          company_id: ctx.company.id,
          title: r.title,
          content: r.content,
          image_path: resImages.get(r.title) ?? null,
          type: r.type,
          is_published: r.published ? 1 : 0,
          created_by: author.id,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('category_resource')
        .values(r.categories.map((title) => ({ category_id: ids.get(title)!, resource_id: row.id })))
        .execute();
    }
  });
}
